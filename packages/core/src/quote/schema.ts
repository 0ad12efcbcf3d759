import { z } from "zod";

/**
 * The quote information extracted from a document: ONE schema for the pipeline's
 * structured output (real models), the offline rules, the stored Quote record and
 * the quotes API. Model-facing constraints: every field is present and nullable
 * (strict structured output wants no optional keys), and no string patterns or
 * lengths (not every provider's strict mode takes them); `Quote.normalize` tidies
 * and clips values after validation.
 */

export const QUOTE_KINDS = ["vendor", "customer"] as const;
export type QuoteKind = (typeof QUOTE_KINDS)[number];

/** The scalar fields whose origin (page, confidence) is recorded in `sources`. */
export const QUOTE_FIELDS = [
  "vendorName",
  "customerName",
  "quoteNumber",
  "quoteDate",
  "validUntil",
  "currency",
  "subtotal",
  "tax",
  "shipping",
  "total",
  "paymentTerms",
] as const;
export type QuoteField = (typeof QUOTE_FIELDS)[number];

const text = (description: string) => z.string().nullable().describe(description);
const money = (description: string) => z.number().nullable().describe(description);
const page = z.number().int().min(1).nullable().describe("The 1-based page (or sheet) the value was read from; null when unknown");
const confidence = z.number().min(0).max(1).describe("How sure the extraction is, from 0 (a guess) to 1 (read verbatim)");

/** Line items kept per quote: a price list of thousands of rows would not fit one DynamoDB item. */
export const MAX_LINE_ITEMS = 500;

export const LineItem = z.object({
  description: z.string().describe("What is quoted, as written"),
  quantity: z.number().nullable(),
  unit: z.string().nullable().describe("Unit of measure (ea, hr, m, box...) when stated"),
  unitPrice: money("Price of one unit"),
  amount: money("Line total as written on the document"),
  page,
});
export type LineItem = z.infer<typeof LineItem>;

export const Source = z.object({ page, confidence });
export type Source = z.infer<typeof Source>;

/** `[x0, y0, x1, y1]`: fractions of the page as displayed (after rotation), from its top-left corner. */
export const Box = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type Box = z.infer<typeof Box>;

/**
 * Where a value is printed: a page and the box enclosing it (PDF text layer, OCR, Textract), or
 * for a file without pages the Word paragraph or the spreadsheet cell ("Sheet1!B12") it is in,
 * with the text printed there.
 */
export const Place = z.object({
  page: z.number().int().min(1).nullable(),
  box: Box.optional(),
  paragraph: z.number().int().min(1).optional(),
  cell: z.string().optional(),
  /** The value as printed (at most MAX_PRINTED_CHARS). */
  text: z.string().optional(),
});
export type Place = z.infer<typeof Place>;
export const MAX_PRINTED_CHARS = 200;

/** A field's source as stored: how sure the reading is, and where the value is printed. */
export const PlacedSource = Source.extend(Place.omit({ page: true }).shape);
export type PlacedSource = z.infer<typeof PlacedSource>;

/** A field under this confidence is marked "check" on the quote. */
export const CHECK_BELOW = 0.7;

export const QuoteData = z.object({
  kind: z.enum(QUOTE_KINDS).describe("vendor: a supplier quotes us; customer: we quote our customer"),
  vendorName: text("Who issued the quote"),
  customerName: text("Who the quote is addressed to"),
  quoteNumber: text("The quote, estimate or proposal number"),
  quoteDate: text("Date of the quote, YYYY-MM-DD"),
  validUntil: text("Expiry date of the quote, YYYY-MM-DD"),
  currency: text("ISO 4217 code, e.g. USD"),
  lineItems: z.array(LineItem).max(MAX_LINE_ITEMS),
  subtotal: money("Sum of the line items before tax and shipping"),
  tax: money("Tax amount (not the rate)"),
  shipping: money("Shipping, freight or delivery charge"),
  total: money("The grand total to pay"),
  paymentTerms: text("e.g. Net 30"),
  confidence: confidence.describe("Overall confidence in this extraction"),
  sources: z
    .object(Object.fromEntries(QUOTE_FIELDS.map((f) => [f, Source.nullable()])) as Record<QuoteField, z.ZodNullable<typeof Source>>)
    .describe("Where each field came from; null for a field that was not found"),
});
export type QuoteData = z.infer<typeof QuoteData>;

export const DOCUMENT_TYPES = [
  "quote",
  "invoice",
  "credit_note",
  "contract",
  "specification",
  "drawing",
  "correspondence",
  "other",
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Quote-type documents (quotes, estimates, proposals, proformas, offers): the ones the Quotes table lists. */
export const isQuoteType = (type: string | null | undefined) => type === "quote";

/**
 * The kinds of commercial record a document keeps (issuer, number, date, currency, totals,
 * items): quote-type documents, invoices, credit notes, and `other` for commercial documents of
 * another kind (orders, statements, receipts) whose figures are still worth keeping.
 */
export const COMMERCIAL_TYPES = ["quote", "invoice", "credit_note", "other"] as const;
export type CommercialType = (typeof COMMERCIAL_TYPES)[number];

/** The record type of a document: its own type when that is a commercial one, else `other`. */
export const recordType = (type: string): CommercialType =>
  (COMMERCIAL_TYPES as readonly string[]).includes(type) ? (type as CommercialType) : "other";

/**
 * What the analyze step produces for any document: its type, a short summary, and for a
 * commercial document (quote, estimate, proposal, proforma, offer, invoice, credit note) its
 * commercial data in `quote` (for an invoice the number and date are the invoice's).
 */
export const DocumentAnalysis = z.object({
  documentType: z
    .enum(DOCUMENT_TYPES)
    .describe(
      "quote for a quote, quotation, estimate, proposal, proforma or offer; invoice; credit_note for a credit note; otherwise what it is",
    ),
  summary: z.string().describe("Two or three sentences on what the document is and says"),
  quote: QuoteData.nullable().describe(
    "The commercial data when the document is a quote (or estimate, proposal, proforma, offer), an invoice or a credit note; otherwise null",
  ),
});
export type DocumentAnalysis = z.infer<typeof DocumentAnalysis>;

/**
 * What a model answers: the analysis, with each field's value also copied as printed (the
 * characters on the page, "1.234,50 €", "14. März 2031"), so the value can be found on the page
 * even when the model normalised it.
 */
const ModelSource = Source.extend({
  printed: z.string().nullable().describe("The value exactly as printed on the page, character for character; null when not printed"),
});
export const ModelAnalysis = DocumentAnalysis.extend({
  quote: QuoteData.extend({
    sources: z
      .object(
        Object.fromEntries(QUOTE_FIELDS.map((f) => [f, ModelSource.nullable()])) as Record<QuoteField, z.ZodNullable<typeof ModelSource>>,
      )
      .describe("Where each field came from: its page and its printed text; null for a field that was not found"),
  })
    .nullable()
    .describe(DocumentAnalysis.shape.quote.description ?? ""),
});
export type ModelAnalysis = z.infer<typeof ModelAnalysis>;

/**
 * Why a quote needs review, stored with it: numbers that do not add up, a missing total, or a
 * configured model and the rules reading the total, vendor or number differently (`model_disagrees`).
 */
export const FLAG_CODES = ["line_amount", "line_items_sum", "total_sum", "missing_total", "model_disagrees"] as const;
export const Flag = z.object({
  code: z.enum(FLAG_CODES),
  message: z.string(),
  expected: z.number().nullable(),
  actual: z.number().nullable(),
  /** For line_amount: the 0-based line item. */
  line: z.number().int().min(0).nullable(),
});
export type Flag = z.infer<typeof Flag>;

/** The fields on which a configured model's reading is compared with the rules' reading. */
export const COMPARED_FIELDS = ["vendorName", "quoteNumber", "total"] as const;

/**
 * A field a configured model and the rules read differently. The stored value is the model's;
 * the rules' is kept so a person can see both and decide.
 */
export const Disagreement = z.object({
  field: z.enum(COMPARED_FIELDS),
  model: z.union([z.string(), z.number()]).nullable(),
  rules: z.union([z.string(), z.number()]).nullable(),
});
export type Disagreement = z.infer<typeof Disagreement>;

/* A person's correction of an extracted quote: labelled messages, empty text means "none". */
/** The largest amount a correction may hold. */
const MAX_MONEY = 1e12;

const correctedText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v === "" ? null : v));

const amount = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine((n) => Math.abs(n) < MAX_MONEY, `${label} is too large`)
    .nullable();

const isoDate = (label: string) =>
  z
    .string({ message: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .nullable()
    .transform((v) => (v === "" ? null : v))
    .refine(
      (v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))),
      `${label} must be a date (YYYY-MM-DD)`,
    );

/** A corrected line item. */
export const CorrectedLine = z.object({
  description: z
    .string({ message: "Each line item needs a description" })
    .trim()
    .min(1, "Each line item needs a description")
    .max(2000, "A line item description must be at most 2000 characters"),
  quantity: amount("Quantity"),
  unit: correctedText("Unit", 50),
  unitPrice: amount("Unit price"),
  amount: amount("Amount"),
  page: z.number().int().min(1).nullable().default(null),
});

/** A correction's line items, each checked by `line` (a form checks its text inputs with the same rules). */
export const correctedLines = <T extends z.ZodType>(line: T) =>
  z.array(line).max(MAX_LINE_ITEMS, `A quote can hold at most ${MAX_LINE_ITEMS} line items`);

/** The quote's own fields a person may correct, with the messages a wrong value gets. */
export const CorrectionFields = z.object({
  kind: z.enum(QUOTE_KINDS, { message: "kind must be vendor or customer" }),
  vendorName: correctedText("Vendor name", 500),
  customerName: correctedText("Customer name", 500),
  quoteNumber: correctedText("Quote number", 100),
  quoteDate: isoDate("Quote date"),
  validUntil: isoDate("Valid until"),
  currency: z
    .string({ message: "Currency must be a three-letter code such as USD" })
    .trim()
    .nullable()
    .transform((v) => (v ? v.toUpperCase() : null))
    .refine((v) => v === null || /^[A-Z]{3}$/.test(v), "Currency must be a three-letter code such as USD"),
  subtotal: amount("Subtotal"),
  tax: amount("Tax"),
  shipping: amount("Shipping"),
  total: amount("Total"),
  paymentTerms: correctedText("Payment terms", 500),
  lineItems: correctedLines(CorrectedLine),
});
export const CORRECTED_FIELDS = CorrectionFields.keyof().options;
export type CorrectedField = (typeof CORRECTED_FIELDS)[number];

/** What `PUT /api/quotes/{id}` accepts: any of the quote's own fields; unknown keys are refused. */
export const CorrectionInput = CorrectionFields.extend({
  /** The quote's `version` the correction was made on: when someone saved since, it is refused. */
  version: z.number({ message: "version must be a number" }).int().min(0, "version must be a number"),
})
  .partial()
  .strict()
  .refine((v) => Object.keys(v).some((key) => key !== "version"), { message: "Send at least one field to correct" });
export type CorrectionInput = z.input<typeof CorrectionInput>;

/** A line item as stored: where its row is printed, when known. */
export const PlacedLineItem = LineItem.extend({ source: Place.optional() });
export type PlacedLineItem = z.infer<typeof PlacedLineItem>;

/** Extracted quote data with where each value is printed: what the pipeline stores. */
export const PlacedQuote = QuoteData.extend({
  lineItems: z.array(PlacedLineItem).max(MAX_LINE_ITEMS),
  sources: z.object(
    Object.fromEntries(QUOTE_FIELDS.map((f) => [f, PlacedSource.nullable()])) as Record<QuoteField, z.ZodNullable<typeof PlacedSource>>,
  ),
});
export type PlacedQuote = z.infer<typeof PlacedQuote>;

/**
 * How a learned value is found on the issuer's next document: after its label in the same cell
 * ("Gesamtsumme: 1.234,00"), in the next cell, under it, on the next line; or, for the issuer's
 * name and currency, the value itself.
 */
export const LEARNED_HOWS = ["inline", "right", "below", "next", "value"] as const;

/** A lesson from a correction, as a quote shows it: which field, how it is found, and whether it taught or was applied. */
export const Learned = z.object({
  /** The issuer key it is filed under ("tax:DE123456789", "domain:acme.de"...): with `field`, what `forget` names. */
  key: z.string(),
  field: z.enum(QUOTE_FIELDS),
  how: z.enum(LEARNED_HOWS),
  label: z.string().nullable(),
  value: z.string().nullable(),
  /** taught: learned from a correction of this quote; applied: used to read this quote. */
  role: z.enum(["taught", "applied"]),
});
export type Learned = z.infer<typeof Learned>;

/** POST /api/quote-memories/forget: the lesson to forget, for every issuer key it was filed under. */
export const ForgetInput = z.object({
  key: z.string({ message: "key is required" }).min(1, "key is required").max(300, "key must be at most 300 characters"),
  field: z.enum(QUOTE_FIELDS, { message: "field must be a quote field" }),
});

/** An analysis whose quote says where each value is printed. */
export type PlacedAnalysis = Omit<DocumentAnalysis, "quote"> & { quote: PlacedQuote | null };

/** A stored quote as the API answers it: the extracted data plus its record fields. */
export const QuoteRecord = PlacedQuote.extend({
  /** quote (also estimates, proposals, proformas), invoice, credit_note, or other (orders, statements). */
  documentType: z.enum(COMMERCIAL_TYPES),
  /** Where a configured model and the rules read the vendor, number or total differently. */
  disagreements: z.array(Disagreement),
  id: z.number(),
  documentId: z.number(),
  projectId: z.number(),
  userId: z.string(),
  flags: z.array(Flag),
  edited: z.boolean(),
  /** Who extracted it: "offline" (the rules) or a model id. */
  extractedBy: z.string(),
  /** Lessons from corrections used to read it, or taught by correcting it, that are still remembered. */
  learned: z.array(Learned),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuoteRecord = z.infer<typeof QuoteRecord>;

/** A quote with its correction applied. */
export const CorrectedQuote = QuoteRecord.extend({
  /** The fields a person corrected, and what they said before. */
  correctedFields: z.array(z.enum(CORRECTED_FIELDS)),
  original: z.partialRecord(z.enum(CORRECTED_FIELDS), z.unknown()),
  /** How many times it was corrected: a correction names the version it was made on. */
  version: z.number().int().min(0),
  /** Fields read with a confidence under CHECK_BELOW that nobody corrected: a person should check them. */
  check: z.array(z.enum(QUOTE_FIELDS)),
});
export type CorrectedQuote = z.infer<typeof CorrectedQuote>;

/**
 * The corrected fields whose value is not what was read: a field "corrected" to the value it
 * already had was only confirmed by a person (its line items always count as changed).
 */
export const changedFields = (quote: Pick<CorrectedQuote, CorrectedField | "correctedFields" | "original">): CorrectedField[] =>
  quote.correctedFields.filter((f) => f === "lineItems" || !(f in quote.original) || quote.original[f] !== quote[f]);

/**
 * How far an extracted quote can be trusted at a glance: `needs_review` when its numbers do not
 * add up or the extraction was unsure, `edited` once a person changed a value (and it adds up),
 * `checked` when the cross-check found nothing (and a person changed nothing, at most confirmed).
 */
export const EXTRACTION_STATUSES = ["checked", "needs_review", "edited"] as const;
export type ExtractionStatus = (typeof EXTRACTION_STATUSES)[number];

export const LessonForgotten = z.object({ forgotten: z.literal(true) });

/** A quote as the quotes API lists it: corrected, with its status and its document's name. */
export const ProjectQuote = CorrectedQuote.extend({
  status: z.enum(EXTRACTION_STATUSES),
  documentName: z.string(),
  documentCategory: z.string(),
});
export type ProjectQuote = z.infer<typeof ProjectQuote>;

/** A quote-category document with no quote (yet): still processing, failed, or not a quote (e.g. an invoice). */
export const QuotelessDocument = z.object({
  documentId: z.number(),
  fileName: z.string(),
  documentCategory: z.string(),
  processingStatus: z.string(),
  failureReason: z.string().nullable(),
  documentType: z.string().nullable(),
});
export type QuotelessDocument = z.infer<typeof QuotelessDocument>;

/**
 * GET /api/projects/{id}/quotes: the quotes (the Quotes table), the records of the other
 * commercial documents (invoices, credit notes, orders), and quote documents without a quote.
 */
export const QuoteList = z.object({
  quotes: z.array(ProjectQuote),
  records: z.array(ProjectQuote),
  documents: z.array(QuotelessDocument),
});
export type QuoteList = z.infer<typeof QuoteList>;

/** PUT /api/quotes/{id}: the corrected quote as the list shows it, flags recomputed. */
export const QuoteReply = z.object({ quote: ProjectQuote });
