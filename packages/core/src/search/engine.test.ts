import { describe, expect, it } from "vitest";
import { chunkPages } from "../document/chunks";
import { Extract } from "../extract/index";
import { createIndex, deserialize, searchIndex, serialize, type IndexedChunk } from "./engine";
import { excerpt, reflow } from "./excerpt";
import { fillerText, LABELLED_QUESTIONS, projectDocuments } from "@quorum/testing/project-documents";
import { fuseRanks } from "./fusion";

/** The labelled documents as the pipeline would chunk them, plus filler chunks as near misses. */
async function labelledChunks(fillerChunks = 2000): Promise<IndexedChunk[]> {
  const chunks: IndexedChunk[] = [];
  let documentId = 1;
  for (const d of projectDocuments()) {
    const extracted = await Extract.fromBuffer(d.build(), { fileName: d.fileName, contentType: d.contentType });
    for (const c of chunkPages(extracted.pages)) {
      chunks.push({
        id: `${documentId}:${c.index}`,
        documentId,
        projectId: 1,
        chunk: c.index,
        page: c.page,
        fileName: d.fileName,
        text: c.text,
      });
    }
    documentId++;
  }
  const filler = chunkPages([{ page: 1, text: fillerText(7, fillerChunks * 1000) }]).slice(0, fillerChunks);
  for (const c of filler)
    chunks.push({ id: `99:${c.index}`, documentId: 99, projectId: 1, chunk: c.index, page: 1, fileName: "price-list.txt", text: c.text });
  return chunks;
}

/** A project of invoices in several languages, each a page of text as extraction writes it, chunked as the pipeline does. */
function invoiceIndex(extra: { fileName: string; text: string }[] = []) {
  const rows = <T>(n: number, format: (i: number) => T) => Array.from({ length: n }, (_, i) => format(i + 1));
  const documents = [
    {
      fileName: "harbor-invoice.pdf",
      text: [
        "Harbor Supplies Inc.",
        "Invoice Number: | HS/2024/06/0113",
        "Invoice Date: | June 3, 2024",
        "Description | Qty | Unit Price | Amount",
        ...rows(40, (i) => `Galvanised bracket type ${i} | ${i} | $12.50 | $${(i * 12.5).toFixed(2)}`),
        "Subtotal | $10,250.00",
        "Total Due | $11,070.00",
      ].join("\n"),
    },
    {
      fileName: "vandijk-factuur.pdf",
      text: [
        "Van Dijk Techniek B.V.",
        "FACTUUR",
        "Factuurnummer: 77120934",
        "Omschrijving | Aantal | Prijs | Bedrag",
        "Kabelgoot 3 m | 4 | € 25,00 | € 100,00",
        "Subtotaal | € 3.210,50",
        "BTW 21% | € 674,21",
        "Totaal | € 3.884,71",
      ].join("\n"),
    },
    {
      fileName: "mainblick-rechnung.pdf",
      text: [
        "Mainblick Elektro GmbH",
        "Rechnung",
        "Rechnungsnr. | RE-2024-00731",
        "Pos. | Beschreibung | Menge | Betrag",
        "1 | Kabelkanal | 2 | 1.200,00",
        "Gesamtbetrag | 2.380,00 EUR",
      ].join("\n"),
    },
    {
      fileName: "rhone-facture.pdf",
      text: [
        "Atelier Rhône SARL",
        "Facture n° F-2024-0042",
        "Total HT | 4 673,38 €",
        "TVA 20 % | 934,68 €",
        "Net à payer TTC | 5 608,06 €",
      ].join("\n"),
    },
    // Near misses: invoices with the words of the questions and none of their numbers.
    ...rows(30, (i) => ({
      fileName: `other-invoice-${i}.pdf`,
      text: [
        `Invoice number ${5000 + i}`,
        "Invoice total and amount due",
        `Total invoice amount | $${i}0.00`,
        `Invoice total due | $${i}1.00`,
      ].join("\n"),
    })),
    ...extra,
  ];
  const chunks: IndexedChunk[] = [];
  documents.forEach((d, documentId) => {
    for (const c of chunkPages([{ page: 1, text: d.text }]))
      chunks.push({
        id: `${documentId}:${c.index}`,
        documentId,
        projectId: 1,
        chunk: c.index,
        page: 1,
        fileName: d.fileName,
        text: c.text,
      });
  });
  return createIndex(chunks);
}

const answers = (hit: { fileName: string; page: number; text: string }, q: (typeof LABELLED_QUESTIONS)[number]) =>
  hit.fileName === q.fileName && hit.page === q.page && hit.text.includes(q.contains);

describe("the lexical index", () => {
  it("finds the chunk that answers each labelled question among 2,000 near misses, first for most", async () => {
    const index = createIndex(await labelledChunks());
    let first = 0;
    for (const q of LABELLED_QUESTIONS) {
      const hits = searchIndex(index, q.question, 5);
      expect(
        hits.some((h) => answers(h, q)),
        q.question,
      ).toBe(true);
      if (answers(hits[0]!, q)) first++;
    }
    expect(first / LABELLED_QUESTIONS.length).toBeGreaterThanOrEqual(0.8);
  });

  it("matches plural and singular, and ignores case and stop words", async () => {
    const index = createIndex(await labelledChunks(0));
    const [hit] = searchIndex(index, "THE DOCK DOOR", 1);
    expect(hit?.fileName).toBe("riverside-specifications.pdf");
    expect(hit?.page).toBe(1);
    expect(searchIndex(index, "the of and", 5)).toEqual([]);
  });

  it("survives serialization: the same hits after gzip, JSON and load", async () => {
    const chunks = await labelledChunks(300);
    const index = createIndex(chunks);
    const manifest = { "1": { version: "v1", chunks: 1 } };
    const restored = deserialize(serialize(index, manifest))!;
    expect(restored.manifest).toEqual(manifest);
    for (const q of LABELLED_QUESTIONS.slice(0, 5)) {
      expect(searchIndex(restored.index, q.question, 5)).toEqual(searchIndex(index, q.question, 5));
    }
  });

  it("forgets a discarded document's chunks", async () => {
    const index = createIndex(await labelledChunks(0));
    const ids = Array.from({ length: 3 }, (_, i) => `3:${i}`);
    index.discardAll(ids);
    await index.vacuum();
    expect(searchIndex(index, "ESFR sprinkler", 5).every((h) => h.documentId !== 3)).toBe(true);
  });
});

describe("questions about invoices", () => {
  it("the total of an invoice named by its number comes first, even when the number is printed in another chunk", () => {
    const index = invoiceIndex();
    const top = searchIndex(index, "What is the total of invoice HS/2024/06/0113?", 2);
    expect(top.map((h) => h.fileName)).toEqual(["harbor-invoice.pdf", "harbor-invoice.pdf"]);
    const total = top.find((h) => h.text.includes("Total Due | $11,070.00"));
    expect(total?.text).not.toContain("HS/2024/06/0113");
  });

  it("an invoice number is found as written: with slashes, dashes, a leading # or digits only", () => {
    const index = invoiceIndex([
      { fileName: "shop.pdf", text: "Store Invoice\nInvoice No : # MUM_KRTX20310400417733\nGrand Total | 486.00" },
    ]);
    const top = (q: string) => searchIndex(index, q, 1)[0]?.fileName;
    expect(top("What is the total of invoice #MUM_KRTX20310400417733?")).toBe("shop.pdf");
    expect(top("What is the total of invoice 77120934?")).toBe("vandijk-factuur.pdf");
    expect(top("What is the total of invoice RE-2024-00731?")).toBe("mainblick-rechnung.pdf");
    expect(top("What is the total of invoice F-2024-0042?")).toBe("rhone-facture.pdf");
  });

  it("a short number named in the question finds the document that prints it as its number, not a postcode that reads the same", () => {
    const index = invoiceIndex([
      { fileName: "estimate.pdf", text: "Begroting voor dakkapel\nBegroting nummer: 40711\nTotaal inclusief BTW | € 14.250,80" },
      ...Array.from({ length: 3 }, (_, i) => ({
        fileName: `angebot-${i}.pdf`,
        text: `Angebot\nMusterweg 3, 40711 Musterstadt\nKanzlei Lindner, 40711 Musterstadt\nGesamt | ${i}.500,00 EUR`,
      })),
    ]);
    const [first] = searchIndex(index, "What is the total of quote 40711?", 1);
    expect(first?.fileName).toBe("estimate.pdf");
  });

  it("an amount written 3,884.71 finds the document that prints 3.884,71", () => {
    expect(searchIndex(invoiceIndex(), "Which invoice is for 3,884.71?", 1)[0]?.fileName).toBe("vandijk-factuur.pdf");
    expect(searchIndex(invoiceIndex(), "invoice of 5608.06 euros", 1)[0]?.fileName).toBe("rhone-facture.pdf");
  });

  it("an English question finds labels in other languages, and the other way round", () => {
    const index = invoiceIndex();
    expect(searchIndex(index, "Gesamtbetrag der Rechnung RE-2024-00731", 1)[0]?.text).toContain("Gesamtbetrag | 2.380,00 EUR");
    expect(excerpt(searchIndex(index, "total of invoice F-2024-0042", 1)[0]!.text, "total of invoice F-2024-0042", 80)).toContain(
      "Net à payer TTC | 5 608,06 €",
    );
  });
});

describe("excerpts and fusion", () => {
  it("quotes the line naming the invoice and the line with its total, apart", () => {
    const text = [
      "Harbor Supplies Inc.",
      "Invoice Number: | HS/2024/06/0113",
      "Description | Qty | Unit Price | Amount",
      ...Array.from({ length: 30 }, (_, i) => `Galvanised bracket type ${i} | ${i} | $12.50 | $${(i * 12.5).toFixed(2)}`),
      "Total Due | $11,070.00",
      "Thank you for your business.",
    ].join("\n");
    const quoted = excerpt(text, "What is the total of invoice HS/2024/06/0113?", 300);
    expect(quoted).toContain("Invoice Number: | HS/2024/06/0113");
    expect(quoted).toContain("Total Due | $11,070.00");
    expect(quoted).toContain("\n…\n");
    expect(quoted.length).toBeLessThanOrEqual(320);
  });

  it("quotes a table row with its header", () => {
    const text = [
      "Description | Qty | Unit Price | Amount",
      ...Array.from({ length: 30 }, (_, i) => `Galvanised bracket type ${i} | ${i} | $12.50 | $${(i * 12.5).toFixed(2)}`),
      "Hydraulic pump HP-220 | 4 | $405.00 | $1,620.00",
    ].join("\n");
    const quoted = excerpt(text, "hydraulic pump price", 200);
    expect(quoted.split("\n")[0]).toBe("Description | Qty | Unit Price | Amount");
    expect(quoted).toContain("Hydraulic pump HP-220 | 4 | $405.00 | $1,620.00");
  });

  it("quotes the lines that match, with their neighbours, within the length", () => {
    const text = Array.from({ length: 40 }, (_, i) =>
      i === 25 ? "4 | Hydraulic pump HP-220 | $389.99 | $1,559.96" : `line ${i} about nothing in particular`,
    ).join("\n");
    const quoted = excerpt(text, "hydraulic pump price", 200);
    expect(quoted).toContain("Hydraulic pump HP-220");
    expect(quoted.length).toBeLessThanOrEqual(210);
    expect(quoted.startsWith("…")).toBe(true);
  });

  it("joins lines a layout wrapped mid-sentence, but keeps table rows and headings apart", () => {
    expect(reflow("Slab shall be designed for a 250\npsf uniform load.\nSection 23 - Heating\n2 | Bolts | $7.20\nsubtotal | $9")).toBe(
      "Slab shall be designed for a 250 psf uniform load.\nSection 23 - Heating\n2 | Bolts | $7.20\nsubtotal | $9",
    );
  });

  it("reciprocal rank fusion puts what both lists rank high first", () => {
    const fused = fuseRanks(
      [
        ["a", "b", "c"],
        ["c", "b", "d"],
      ],
      (x) => x,
    ).map((f) => f.item);
    expect(fused.slice(0, 2).sort()).toEqual(["b", "c"]);
    expect(fused).toContain("d");
  });
});
