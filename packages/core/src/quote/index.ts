import { z } from "zod";
import { Actor } from "../actor";
import { NotFound } from "../error";
import { fn } from "../fn";
import { recordId } from "../validation";
import { Project } from "../project/index";
import { crossCheck } from "./check";
import { disagreementFlags } from "./disagreement";
import { QuoteEntity, type QuoteItem } from "./entity";
import { parseDate } from "./numbers";
import {
  Disagreement,
  Flag,
  MAX_LINE_ITEMS,
  Learned,
  PlacedQuote,
  QUOTE_FIELDS,
  recordType,
  type DocumentType,
  type QuoteRecord,
  type PlacedLineItem,
} from "./schema";

export { crossCheck } from "./check";
export { compareReadings, disagreementFlags } from "./disagreement";
export {
  COMMERCIAL_TYPES,
  recordType,
  type CommercialType,
  Disagreement,
  DocumentAnalysis,
  Flag,
  isQuoteType,
  LineItem,
  MAX_LINE_ITEMS,
  PlacedQuote,
  QuoteData,
  QUOTE_FIELDS,
  QUOTE_KINDS,
} from "./schema";

const nullableText = (value: string | null, max: number) => {
  const text = value?.replace(/\s+/g, " ").trim() ?? "";
  return text === "" ? null : text.slice(0, max);
};
const finite = (n: number | null) => (n !== null && Number.isFinite(n) ? n : null);

export namespace Quote {
  /** A stored quote as the API answers it: the extracted data plus its record fields. */
  export type Info = QuoteRecord;

  /**
   * Tidies what a model (or the rules) produced, after schema validation: dates as
   * YYYY-MM-DD, ISO currency codes, no empty strings, only finite numbers.
   */
  export function normalize(data: PlacedQuote): PlacedQuote {
    const date = (value: string | null) => (value ? (parseDate(value) ?? null) : null);
    const currency = nullableText(data.currency, 10)?.toUpperCase() ?? null;
    const lineItems: PlacedLineItem[] = data.lineItems
      .map((item) => ({
        description: nullableText(item.description, 2000) ?? "",
        quantity: finite(item.quantity),
        unit: nullableText(item.unit, 50),
        unitPrice: finite(item.unitPrice),
        amount: finite(item.amount),
        page: item.page,
        ...(item.source ? { source: item.source } : {}),
      }))
      .filter((item) => item.description !== "" || item.amount !== null)
      .slice(0, MAX_LINE_ITEMS);
    return {
      ...data,
      vendorName: nullableText(data.vendorName, 500),
      customerName: nullableText(data.customerName, 500),
      quoteNumber: nullableText(data.quoteNumber, 100),
      quoteDate: date(data.quoteDate),
      validUntil: date(data.validUntil),
      currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
      lineItems,
      subtotal: finite(data.subtotal),
      tax: finite(data.tax),
      shipping: finite(data.shipping),
      total: finite(data.total),
      paymentTerms: nullableText(data.paymentTerms, 500),
    };
  }

  /** Why a quote needs review: its arithmetic, and readings a person has not settled yet. */
  export const flagsOf = (data: PlacedQuote & { disagreements?: Disagreement[] }, corrected: readonly string[] = []): Flag[] => [
    ...crossCheck(data),
    ...disagreementFlags(data.disagreements ?? [], corrected),
  ];

  /** The record for a quote: absent scalars stay absent (DynamoDB stores no nulls in typed attributes). */
  export function toItem(
    data: PlacedQuote,
    meta: {
      id: number;
      documentId: number;
      projectId: number;
      userId: string;
      extractedBy: string;
      documentType: DocumentType;
      disagreements?: Disagreement[];
      learned?: Learned[];
    },
  ) {
    const scalars = Object.fromEntries(QUOTE_FIELDS.filter((k) => data[k] !== null).map((k) => [k, data[k]]));
    const documentType = recordType(meta.documentType);
    const disagreements = meta.disagreements ?? [];
    return {
      ...meta,
      learned: meta.learned ?? [],
      ...scalars,
      documentType,
      disagreements,
      kind: data.kind,
      lineItems: data.lineItems,
      confidence: data.confidence,
      sources: data.sources,
      flags: flagsOf({ ...data, disagreements }),
      edited: false,
    };
  }

  export function present(item: QuoteItem): Info {
    const data = PlacedQuote.parse({
      kind: item.kind,
      vendorName: item.vendorName ?? null,
      customerName: item.customerName ?? null,
      quoteNumber: item.quoteNumber ?? null,
      quoteDate: item.quoteDate ?? null,
      validUntil: item.validUntil ?? null,
      currency: item.currency ?? null,
      lineItems: item.lineItems,
      subtotal: item.subtotal ?? null,
      tax: item.tax ?? null,
      shipping: item.shipping ?? null,
      total: item.total ?? null,
      paymentTerms: item.paymentTerms ?? null,
      confidence: item.confidence,
      sources: { ...Object.fromEntries(QUOTE_FIELDS.map((f) => [f, null])), ...(item.sources as object) },
    });
    return {
      ...data,
      documentType: item.documentType ?? "quote",
      disagreements: z.array(Disagreement).parse(item.disagreements ?? []),
      id: item.id,
      documentId: item.documentId,
      projectId: item.projectId,
      userId: item.userId,
      flags: z.array(Flag).parse(item.flags),
      edited: item.edited,
      extractedBy: item.extractedBy,
      learned: z.array(Learned).parse(item.learned ?? []),
      createdAt: item.createdAt,
      updatedAt: item.updatedAt,
    };
  }

  /** The caller's quote with this id (404 for anyone else's). */
  export const get = fn(recordId("Quote ID"), async (id) => {
    const item = (await QuoteEntity.query.byId({ id }).go()).data[0];
    if (!item || item.userId !== Actor.userId()) throw new NotFound("Quote");
    return present(item);
  });

  /** The quote extracted from one of the caller's documents, or null. */
  export const forDocument = fn(recordId("Document ID"), async (documentId) => {
    const item = (await QuoteEntity.get({ documentId }).go()).data;
    if (!item || item.userId !== Actor.userId()) return null;
    return present(item);
  });

  /** The quotes of one of the caller's projects, newest first: one Query on gsi2. */
  export const listByProject = fn(recordId("Project ID"), async (projectId) => {
    await Project.get(projectId);
    const items = (await QuoteEntity.query.byProject({ projectId }).go({ order: "desc", pages: "all" })).data;
    return items.filter((q) => q.userId === Actor.userId()).map(present);
  });
}
