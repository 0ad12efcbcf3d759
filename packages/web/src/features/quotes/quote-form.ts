import { z } from "zod";
import type { TFunction } from "i18next";
import type { FieldError, FieldErrors } from "react-hook-form";
import { CorrectedLine, correctedLines, CorrectionFields, type CorrectionInput, type LineItem } from "@quorum/core/quote/schema";
import type { Quote } from "./model";

/**
 * The quote correction form: its values are what the inputs hold (text), checked and
 * converted by core's correction rules, so the form refuses exactly what the server would.
 */

export const TEXT_FIELDS = [
  { key: "vendorName" },
  { key: "customerName" },
  { key: "quoteNumber" },
  { key: "quoteDate", type: "date" },
  { key: "validUntil", type: "date" },
  { key: "currency" },
  { key: "paymentTerms" },
] as const satisfies { key: keyof CorrectionInput; type?: string }[];
export type TextField = (typeof TEXT_FIELDS)[number]["key"];

export const MONEY_FIELDS = ["subtotal", "tax", "shipping", "total"] as const satisfies (keyof CorrectionInput)[];
export type MoneyField = (typeof MONEY_FIELDS)[number];

export const LINE_NUMBERS = ["quantity", "unitPrice", "amount"] as const;

type Translate = TFunction<"quotes">;

/** A field's label; an invoice's number and date are the invoice's: "Invoice number", not "Quote number". */
export const fieldLabel = (t: Translate, key: TextField | MoneyField, q: Pick<Quote, "documentType">) =>
  t(`fields.${key}`, { type: q.documentType === "other" ? "document" : (q.documentType ?? "quote") });

/** "$1,234.50" or "1234.5" -> 1234.5; blank -> null; anything else -> NaN, which the number rule refuses. */
const asNumber = (text: string) => {
  const t = text.replace(/[$€£,\s]/g, "");
  return t === "" ? null : Number(t);
};
const typed = <S extends z.ZodType<number | null, number | null>>(rule: S) => z.string().transform(asNumber).pipe(rule);

const { shape } = CorrectionFields;
const FormLine = CorrectedLine.extend({
  quantity: typed(CorrectedLine.shape.quantity),
  unitPrice: typed(CorrectedLine.shape.unitPrice),
  amount: typed(CorrectedLine.shape.amount),
});

/** The form's values as text in, a correction's values out. */
export const QuoteForm = CorrectionFields.pick({
  vendorName: true,
  customerName: true,
  quoteNumber: true,
  quoteDate: true,
  validUntil: true,
  currency: true,
  paymentTerms: true,
}).extend({
  subtotal: typed(shape.subtotal),
  tax: typed(shape.tax),
  shipping: typed(shape.shipping),
  total: typed(shape.total),
  lineItems: correctedLines(FormLine),
});
export type QuoteDraft = z.input<typeof QuoteForm>;
export type QuoteValues = z.output<typeof QuoteForm>;

const asText = (n: number | null) => (n === null ? "" : String(n));

export const emptyLine = (): QuoteDraft["lineItems"][number] => ({
  description: "",
  quantity: "",
  unit: "",
  unitPrice: "",
  amount: "",
  page: null,
});

/** The form's starting values: the quote as the inputs show it. */
export function draftOf(q: Quote): QuoteDraft {
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f.key, q[f.key] ?? ""])) as Record<TextField, string>),
    ...(Object.fromEntries(MONEY_FIELDS.map((key) => [key, asText(q[key])])) as Record<MoneyField, string>),
    lineItems: q.lineItems.map((l) => ({
      description: l.description,
      quantity: asText(l.quantity),
      unit: l.unit ?? "",
      unitPrice: asText(l.unitPrice),
      amount: asText(l.amount),
      page: l.page,
    })),
  };
}

/** Only what changed goes to PUT /api/quotes/{id}: a field sent is a field marked corrected. */
export function correctionOf(q: Quote, values: QuoteValues): CorrectionInput {
  const changes: CorrectionInput = {};
  for (const { key } of TEXT_FIELDS) if (values[key] !== (q[key] ?? null)) changes[key] = values[key];
  for (const key of MONEY_FIELDS) if (values[key] !== q[key]) changes[key] = values[key];
  const withoutPage = (lines: LineItem[]) => JSON.stringify(lines.map(({ page: _p, ...l }) => l));
  const lines = values.lineItems.map((l) => ({ ...l, page: l.page ?? null }));
  if (withoutPage(q.lineItems) !== withoutPage(lines)) changes.lineItems = lines;
  return changes;
}

/**
 * The first value the form refused, in the order the form shows them, in the language on
 * screen: the rules are core's, a wrong number or currency is worded by the catalog, and
 * any other refusal (a value too long or too large) reads as the server would say it.
 */
export function refusal(t: Translate, q: Pick<Quote, "documentType">, errors: FieldErrors<QuoteDraft>): string | undefined {
  const notANumber = (e: FieldError) => e.type === "invalid_type";
  for (const { key } of TEXT_FIELDS) {
    const error = errors[key];
    if (error) return key === "currency" ? t("check.currency", { field: fieldLabel(t, key, q) }) : error.message;
  }
  for (const key of MONEY_FIELDS) {
    const error = errors[key];
    if (error) return notANumber(error) ? t("check.number", { field: fieldLabel(t, key, q) }) : error.message;
  }
  const lines = errors.lineItems;
  for (const [i, line] of (Array.isArray(lines) ? lines : []).entries()) {
    if (!line) continue;
    for (const name of LINE_NUMBERS) {
      const error = line[name] as FieldError | undefined;
      if (error) return notANumber(error) ? t("check.lineNumber", { line: i + 1, field: t(`lines.${name}`) }) : error.message;
    }
    if (line.description)
      return line.description.type === "too_small" ? t("check.lineDescription", { line: i + 1 }) : line.description.message;
    if (line.unit) return line.unit.message;
  }
  return lines?.root?.message ?? lines?.message;
}
