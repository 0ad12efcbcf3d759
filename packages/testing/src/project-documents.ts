import { makeQuote, quotePdf, VENDOR_QUOTE, type QuoteFixture } from "./quote-files";
import { textWidth, writePdf, type PdfPageSpec, type TextRun } from "./pdf-writer";

/**
 * A project's documents for retrieval and quote tests, built in code like the
 * extraction fixtures: two vendor quotes for the same items (so they can be
 * compared line by line), a three-page specification and a supply agreement,
 * plus a labelled question set (which page answers what) and a generator of
 * realistic filler to grow a project to 10,000 chunks for the benchmark.
 */

/** A second vendor quoting the same job, with the items written differently, and one item more. */
export const SECOND_VENDOR_QUOTE: QuoteFixture = makeQuote({
  vendor: "Pacific Fasteners & Hydraulics Inc.",
  vendorAddress: "88 Terminal Way, Oakland, CA 94607",
  customer: "Northwind Builders LLC",
  quoteNumber: "PFH-55120",
  quoteDateIso: "2024-03-18",
  validUntilIso: "2024-05-17",
  items: [
    { qty: 10, description: "Steel Mounting Bracket - 40mm", unitPrice: 11.9 },
    { qty: 4, description: "Hydraulic Pump, model HP-220", unitPrice: 405 },
    { qty: 25, description: "Stainless Hex Bolts M8, box of 50", unitPrice: 6.95 },
    { qty: 2, description: "Installation Labor (hours)", unitPrice: 88 },
    { qty: 2, description: "Pressure relief valve PRV-75", unitPrice: 64.5 },
  ],
  taxRate: 0.0825,
  shipping: 60,
  terms: "Payment terms: Net 45. Prices in USD.",
});

export { VENDOR_QUOTE };

const SPEC_PAGES: { heading: string; paragraphs: string[] }[][] = [
  [
    {
      heading: "RIVERSIDE WAREHOUSE - TECHNICAL SPECIFICATIONS",
      paragraphs: [
        "Project: Riverside distribution warehouse, 1 River Road. Owner: Northwind Builders LLC. Issue for tender, revision C.",
        "Scope: a single-storey steel-framed warehouse of 120,000 square feet with office mezzanine, truck court and site works.",
      ],
    },
    {
      heading: "Section 08 33 23 - Overhead Dock Doors",
      paragraphs: [
        "Provide six (6) insulated sectional overhead dock doors, 9 ft wide x 10 ft high, with full-width vision panels and electric operators.",
        "Each door shall have a 30,000 lb capacity hydraulic dock leveler, compression seals and a vehicle restraint with interlock.",
      ],
    },
  ],
  [
    {
      heading: "Section 21 13 13 - Fire Protection",
      paragraphs: [
        "The building shall be protected by an ESFR (early suppression, fast response) sprinkler system designed to NFPA 13.",
        "Use K-25.2 pendent heads at a maximum 10 ft spacing, with a fire pump rated 1,500 gpm at 100 psi and a diesel driver.",
      ],
    },
    {
      heading: "Section 03 30 00 - Floor Slab",
      paragraphs: [
        "Slab-on-grade shall be 7 inches thick, 4,000 psi concrete, reinforced with steel fibres, designed for a 250 psf uniform load and rack post loads of 12 kips.",
        "Floor flatness FF 50 and levelness FL 35 in the racking aisles; saw-cut control joints within 12 hours of placement.",
      ],
    },
  ],
  [
    {
      heading: "Section 26 51 00 - Interior Lighting",
      paragraphs: [
        "LED high-bay fixtures shall deliver an average of 30 foot-candles at floor level in storage areas and 50 foot-candles in the office.",
        "Every fixture has an occupancy (motion) sensor with a 15 minute time-out and daylight dimming near the clerestory windows.",
      ],
    },
    {
      heading: "Section 23 55 00 - Heating",
      paragraphs: [
        "Gas-fired unit heaters shall maintain 55 degrees F in the warehouse at the winter design temperature of 20 degrees F.",
        "The office mezzanine is served by two rooftop units with economizers, set to 70 degrees F.",
      ],
    },
    {
      heading: "Section 07 54 00 - Roofing Warranty",
      paragraphs: ["The TPO roof membrane carries a 20-year no-dollar-limit (NDL) manufacturer warranty covering materials and labour."],
    },
  ],
];

/** Words wrapped to a width in points (Helvetica metrics of the PDF writer). */
function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    const next = current ? `${current} ${word}` : word;
    if (current && textWidth(next, size) > width) {
      lines.push(current);
      current = word;
    } else {
      current = next;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The specification as a three-page PDF: each page answers different questions. */
export function specificationPdf(): Buffer {
  const pages: PdfPageSpec[] = SPEC_PAGES.map((sections, p) => {
    const runs: TextRun[] = [];
    let y = 740;
    for (const section of sections) {
      runs.push({ x: 50, y, text: section.heading, size: 12, bold: true });
      y -= 20;
      for (const paragraph of section.paragraphs) {
        for (const line of wrap(paragraph, 10, 510)) {
          runs.push({ x: 50, y, text: line, size: 10 });
          y -= 14;
        }
        y -= 8;
      }
      y -= 10;
    }
    runs.push({ x: 270, y: 40, text: `Page ${p + 1} of ${SPEC_PAGES.length}`, size: 9 });
    return { runs };
  });
  return writePdf(pages);
}

export const SUPPLY_AGREEMENT = [
  "SUPPLY AGREEMENT",
  "",
  "This Supply Agreement is made between Acme Industrial Supply Co. (the Supplier) and Northwind Builders LLC (the Buyer).",
  "",
  "1. Delivery. The Supplier shall deliver the goods within 21 calendar days of each purchase order, to the site at 1 River Road.",
  "2. Late delivery. For each day of late delivery the Supplier pays liquidated damages of 0.5% of the order value, capped at 10% of the order value.",
  "3. Warranty. All goods are warranted free of defects for 12 months from delivery; defective goods are replaced at no charge.",
  "4. Termination. Either party may terminate this Agreement with 30 days written notice.",
  "5. Governing law. This Agreement is governed by the laws of the State of California.",
].join("\n");

export const supplyAgreementTxt = () => Buffer.from(`${SUPPLY_AGREEMENT}\n`, "utf8");

export interface FixtureDocument {
  fileName: string;
  contentType: string;
  category: "vendor-quotes" | "customer-quotes" | "contracts" | "specifications";
  build: () => Buffer;
}

/** The labelled project: what the retrieval questions are about. */
export function projectDocuments(): FixtureDocument[] {
  return [
    { fileName: "acme-quote.pdf", contentType: "application/pdf", category: "vendor-quotes", build: () => quotePdf(VENDOR_QUOTE) },
    {
      fileName: "pacific-quote.pdf",
      contentType: "application/pdf",
      category: "vendor-quotes",
      build: () => quotePdf(SECOND_VENDOR_QUOTE),
    },
    { fileName: "riverside-specifications.pdf", contentType: "application/pdf", category: "specifications", build: specificationPdf },
    { fileName: "supply-agreement.txt", contentType: "text/plain", category: "contracts", build: supplyAgreementTxt },
  ];
}

export interface LabelledQuestion {
  question: string;
  /** The document and page that answer it, and a phrase the answering chunk contains. */
  fileName: string;
  page: number;
  contains: string;
}

/** Questions a person would ask about the labelled project, with where the answer is. */
export const LABELLED_QUESTIONS: LabelledQuestion[] = [
  { question: "How much does Acme charge for the hydraulic pump?", fileName: "acme-quote.pdf", page: 1, contains: "Hydraulic pump HP-220" },
  { question: "What is the grand total of the Acme Industrial quote?", fileName: "acme-quote.pdf", page: 1, contains: "Total:" },
  { question: "When does the Acme quotation expire?", fileName: "acme-quote.pdf", page: 1, contains: "Valid Until" },
  { question: "What payment terms does Pacific Fasteners offer?", fileName: "pacific-quote.pdf", page: 1, contains: "Net 45" },
  {
    question: "What is the price of the pressure relief valve?",
    fileName: "pacific-quote.pdf",
    page: 1,
    contains: "Pressure relief valve PRV-75",
  },
  {
    question: "How many dock doors are required and how big are they?",
    fileName: "riverside-specifications.pdf",
    page: 1,
    contains: "dock doors",
  },
  { question: "What capacity must the dock levelers have?", fileName: "riverside-specifications.pdf", page: 1, contains: "dock leveler" },
  {
    question: "Which sprinkler system is specified for fire protection?",
    fileName: "riverside-specifications.pdf",
    page: 2,
    contains: "ESFR",
  },
  {
    question: "How thick is the floor slab and what load must it carry?",
    fileName: "riverside-specifications.pdf",
    page: 2,
    contains: "7 inches thick",
  },
  {
    question: "What lighting level is required in the storage areas?",
    fileName: "riverside-specifications.pdf",
    page: 3,
    contains: "foot-candles",
  },
  {
    question: "What temperature must the unit heaters maintain in winter?",
    fileName: "riverside-specifications.pdf",
    page: 3,
    contains: "55 degrees F",
  },
  { question: "How long is the roof membrane warranty?", fileName: "riverside-specifications.pdf", page: 3, contains: "20-year" },
  { question: "What is the penalty for late delivery?", fileName: "supply-agreement.txt", page: 1, contains: "Late delivery" },
  {
    question: "Which state's law governs the supply agreement?",
    fileName: "supply-agreement.txt",
    page: 1,
    contains: "State of California",
  },
  {
    question: "How much notice is needed to terminate the agreement?",
    fileName: "supply-agreement.txt",
    page: 1,
    contains: "30 days written notice",
  },
  {
    question: "How many days after a purchase order must goods be delivered?",
    fileName: "supply-agreement.txt",
    page: 1,
    contains: "21 calendar days",
  },
];

/** A deterministic pseudo-random sequence, so the filler is the same every run. */
function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 0x100000000;
  };
}

const PARTS = [
  "hydraulic pump",
  "mounting bracket",
  "relief valve",
  "hex bolt",
  "gasket",
  "bearing",
  "flange",
  "coupling",
  "hose",
  "filter",
  "dock seal",
  "sprinkler head",
  "LED fixture",
  "unit heater",
  "anchor",
  "conduit",
];
const TOPICS = [
  "delivery",
  "warranty",
  "installation",
  "inspection",
  "payment",
  "storage",
  "lighting",
  "concrete",
  "roofing",
  "fire protection",
  "insulation",
  "drainage",
];
const VERBS = [
  "shall be coordinated with",
  "is subject to",
  "must be approved before",
  "is included in",
  "is excluded from",
  "requires written notice for",
];

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Text that looks like a project's bulk (price lists and specification prose,
 * using the same vocabulary as the labelled documents) so the benchmark's
 * questions have to find their answer among many near misses. About `chars`
 * characters.
 */
export function fillerText(seed: number, chars: number): string {
  const random = sequence(seed);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const lines: string[] = [];
  let length = 0;
  let n = 0;
  while (length < chars) {
    n++;
    const line =
      random() < 0.55
        ? `${1 + Math.floor(random() * 40)} | Item ${seed}-${n} ${pick(PARTS)} model ${1000 + Math.floor(random() * 9000)} | $${(1 + random() * 900).toFixed(2)} | $${(10 + random() * 9000).toFixed(2)}`
        : `${capitalize(pick(TOPICS))} of the ${pick(PARTS)} ${pick(VERBS)} the ${pick(TOPICS)} schedule; see clause ${1 + Math.floor(random() * 30)}.${1 + Math.floor(random() * 9)} and drawing A-${100 + Math.floor(random() * 400)}.`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join("\n");
}
