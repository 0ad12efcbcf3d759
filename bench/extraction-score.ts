/**
 * Scoring for `bench:extraction`: labelled documents (the dev set's labels.json and
 * invoice2data's expected outputs) turned into one shape, and how a prediction is compared
 * with a label field by field.
 */

export const FIELDS = [
  "type",
  "vendor",
  "customer",
  "number",
  "date",
  "validUntil",
  "currency",
  "subtotal",
  "tax",
  "total",
  "lineItems",
] as const;
export type Field = (typeof FIELDS)[number];

/** What a document is, at the grain the product acts on: quote-like documents enter the Quotes table. */
export type TypeClass = "quote" | "invoice" | "other";

/** A label or a prediction: `undefined` = not labelled (not scored), `null` = not on the document. */
export type Record_ = Partial<Record<Field, string | number | null>>;

export interface Labelled {
  set: "dev" | "invoice2data" | "rendered";
  file: string;
  /** Where the file is, when not in its set's folder of the external documents. */
  path?: string;
  textLayer: boolean;
  /** The document's language (dev set only). */
  language?: string;
  label: Record_;
}

/**
 * The dev set's two halves, by a fixed rule: odd-numbered files are the half a rule may be
 * written against ("study"), even-numbered ones the half it is judged on ("check"). A change
 * that lifts the study half and not the check half fits those documents instead of reading.
 */
export type Half = "study" | "check";
export const halfOf = (file: string): Half => (Number.parseInt(file, 10) % 2 === 1 ? "study" : "check");

/** One document of a labels.json (the dev set's and the rendered set's share the format). */
interface LabelRecord {
  file: string;
  kind: string;
  language: string;
  textLayer: boolean;
  vendorName: string | null;
  customerName: string | null;
  documentNumber: string | null;
  documentDate: string | null;
  validUntil: string | null;
  currency: string | null;
  subtotal: number | null;
  tax: number | null;
  total: number | null;
  lineItemCount: number | null;
}

export const typeClass = (kind: string): TypeClass =>
  ["quote", "estimate", "proforma", "proposal", "offer"].includes(kind) ? "quote" : kind === "invoice" ? "invoice" : "other";

export function fromLabels(labels: LabelRecord[], set: "dev" | "rendered" = "dev"): Labelled[] {
  return labels.map((l) => ({
    set,
    file: l.file,
    textLayer: l.textLayer,
    language: l.language,
    label: {
      type: typeClass(l.kind),
      vendor: l.vendorName,
      customer: l.customerName,
      number: l.documentNumber,
      date: l.documentDate,
      validUntil: l.validUntil,
      currency: l.currency,
      subtotal: l.subtotal,
      tax: l.tax,
      total: l.total,
      lineItems: l.lineItemCount,
    },
  }));
}

interface Invoice2DataLabel {
  issuer?: string;
  amount?: number;
  amount_untaxed?: number;
  amount_tax?: number;
  date?: string;
  invoice_number?: string;
  currency?: string;
  lines?: Record<string, unknown>[];
}

/** invoice2data labels only what its templates read: a key it lacks is unlabelled, not absent. */
export function fromInvoice2Data(file: string, label: Invoice2DataLabel): Labelled {
  const priced = label.lines?.filter((l) => ["price_subtotal", "price_unit", "price"].some((k) => k in l));
  return {
    set: "invoice2data",
    file,
    textLayer: true,
    label: {
      type: "invoice",
      vendor: label.issuer,
      number: label.invoice_number,
      date: label.date,
      currency: label.currency,
      subtotal: label.amount_untaxed,
      tax: label.amount_tax,
      total: label.amount,
      lineItems: priced?.length,
    },
  };
}

const LEGAL_FORMS =
  /\b(inc|incorporated|ltd|limited|llc|llp|plc|corp|corporation|co|company|gmbh|ag|kg|sa|sas|sarl|sarl|srl|spa|bv|nv|pte|pvt|private|oy|ab|as)\b/g;

/** Names compare without case, accents, punctuation or legal form: "Coolblue B.V." is "coolblue". */
export function normalName(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[’'`]/g, "")
    .replace(/\b([a-z])\.(?=[a-z]\.)/g, "$1")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .replace(/\b([a-z]) ([a-z])\b/g, "$1$2")
    .replace(LEGAL_FORMS, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Document numbers compare without spaces, case and a leading "#" or "No.". */
export const normalNumber = (value: string) =>
  value
    .toUpperCase()
    .replace(/\s+/g, "")
    .replace(/^(#|NO\.?|N°|NR\.?)/, "")
    .replace(/[.:]$/, "");

export function matches(field: Field, predicted: string | number | null | undefined, expected: string | number | null): boolean {
  const got = predicted ?? null;
  if (expected === null || got === null) return expected === got;
  switch (field) {
    case "vendor":
    case "customer": {
      const [a, b] = [normalName(String(got)), normalName(String(expected))];
      return a !== "" && a === b;
    }
    case "number":
      return normalNumber(String(got)) === normalNumber(String(expected));
    case "subtotal":
    case "tax":
    case "total":
      return typeof got === "number" && Math.abs(got - Number(expected)) < 0.005;
    default:
      return got === expected;
  }
}
