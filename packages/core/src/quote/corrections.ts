import { z } from "zod";
import { Actor } from "../actor";
import { QuoteCorrectionEntity, type QuoteCorrectionItem } from "./correction-entity";
import { NotFound } from "../error";
import { fn } from "../fn";
import { recordId } from "../customer/fields";
import { QuoteEntity, type QuoteItem } from "./entity";
import { Quote } from "./index";
import { MAX_LINE_ITEMS, QUOTE_FIELDS, QUOTE_KINDS, QuoteData, type Flag, type QuoteField } from "./schema";

export { QuoteCorrectionEntity, type QuoteCorrectionItem } from "./correction-entity";

const MAX_MONEY = 1e12;

const text = (label: string, max: number) =>
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

const CorrectedLine = z.object({
  description: z
    .string({ message: "Each line item needs a description" })
    .trim()
    .min(1, "Each line item needs a description")
    .max(2000, "A line item description must be at most 2000 characters"),
  quantity: amount("Quantity"),
  unit: text("Unit", 50),
  unitPrice: amount("Unit price"),
  amount: amount("Amount"),
  page: z.number().int().min(1).nullable().default(null),
});

/** What `PUT /api/quotes/{id}` accepts: any of the quote's own fields; unknown keys are refused. */
export const CorrectionInput = z
  .object({
    kind: z.enum(QUOTE_KINDS, { message: "kind must be vendor or customer" }),
    vendorName: text("Vendor name", 500),
    customerName: text("Customer name", 500),
    quoteNumber: text("Quote number", 100),
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
    paymentTerms: text("Payment terms", 500),
    lineItems: z.array(CorrectedLine).max(MAX_LINE_ITEMS, `A quote can hold at most ${MAX_LINE_ITEMS} line items`),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Send at least one field to correct" });
export type CorrectionInput = z.input<typeof CorrectionInput>;
type Correction = z.output<typeof CorrectionInput>;
export type CorrectedField = keyof Correction;

/** A quote as the quotes API shows it: the stored quote with its correction applied. */
export type CorrectedQuote = Quote.Info & {
  /** The fields a person corrected, and what they said before. */
  correctedFields: CorrectedField[];
  original: Partial<Record<CorrectedField, unknown>>;
};

/** The quote with a correction laid over it; flags come from the same cross-check as the pipeline's. */
export function applyCorrection(
  quote: Quote.Info,
  correction: Pick<QuoteCorrectionItem, "fields" | "original"> | undefined,
): CorrectedQuote {
  if (!correction) return { ...quote, correctedFields: [], original: {} };
  const fields = correction.fields as Correction;
  const merged = { ...quote, ...fields } as Quote.Info;
  const flags: Flag[] = Quote.flagsOf(merged, Object.keys(fields));
  return {
    ...merged,
    flags,
    edited: true,
    correctedFields: Object.keys(fields) as CorrectedField[],
    original: (correction.original ?? {}) as CorrectedQuote["original"],
  };
}

async function ownedQuote(id: number): Promise<QuoteItem> {
  const item = (await QuoteEntity.query.byId({ id }).go()).data[0];
  if (!item || item.userId !== Actor.userId()) throw new NotFound("Quote");
  return item;
}

export namespace QuoteCorrections {
  /** The corrections of a project's quotes, by document id: one Query. */
  export async function forProject(projectId: number): Promise<Map<number, QuoteCorrectionItem>> {
    const userId = Actor.userId();
    const items = (await QuoteCorrectionEntity.query.byProject({ projectId }).go({ pages: "all" })).data;
    return new Map(items.filter((c) => c.userId === userId).map((c) => [c.documentId, c]));
  }

  /**
   * Saves a correction of one of the caller's quotes: kept in its own record,
   * written onto the quote (marked edited, flags recomputed), answered corrected.
   */
  export const correct = fn(
    z.object({ id: recordId("Quote ID"), changes: CorrectionInput }),
    async ({ id, changes }): Promise<CorrectedQuote> => {
      const item = await ownedQuote(id);
      const previous = (await QuoteCorrectionEntity.get({ documentId: item.documentId }).go({ consistent: true })).data ?? undefined;
      // What the quote says now (earlier corrections included): the values being replaced.
      const current = applyCorrection(Quote.present(item), previous);
      const fields = { ...((previous?.fields ?? {}) as Correction), ...changes };
      const original = { ...((previous?.original ?? {}) as CorrectedQuote["original"]) };
      for (const key of Object.keys(changes) as CorrectedField[]) {
        if (!(key in original)) original[key] = current[key];
      }
      // The merged quote must still be a valid quote before anything is written.
      const merged = applyCorrection(Quote.present(item), { fields, original });
      QuoteData.parse(merged);

      await QuoteCorrectionEntity.put({
        documentId: item.documentId,
        quoteId: item.id,
        projectId: item.projectId,
        userId: item.userId,
        fields,
        original,
        createdAt: previous?.createdAt ?? new Date().toISOString(),
      }).go();

      const set: Record<string, unknown> = { edited: true, flags: merged.flags, lineItems: merged.lineItems, kind: merged.kind };
      const clear: QuoteField[] = [];
      for (const key of QUOTE_FIELDS) {
        if (merged[key] === null) clear.push(key);
        else set[key] = merged[key];
      }
      let update = QuoteEntity.patch({ documentId: item.documentId }).set(set as never);
      if (clear.length) update = update.remove(clear);
      await update.where((a, o) => o.eq(a.userId, item.userId)).go();

      const saved = (await QuoteEntity.get({ documentId: item.documentId }).go({ consistent: true })).data;
      if (!saved) throw new NotFound("Quote");
      return applyCorrection(Quote.present(saved), { fields, original });
    },
  );
}
