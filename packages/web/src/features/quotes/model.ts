import i18next from "i18next";
import { COMMERCIAL_TYPES, type CommercialType, type ExtractionStatus, type ProjectQuote } from "@quorum/core/quote/schema";

/**
 * The pure helpers the quotes screens use: labels, expiry, CSV export (tested in
 * compare.test.ts). The API's shapes are core's: a listed quote is a `ProjectQuote`.
 */

/** What the screens call a listed quote. */
export type Quote = ProjectQuote;

/** "Quote", "Invoice", "Credit note", "Document", in the language on screen. */
export const typeLabel = (type: CommercialType | undefined) =>
  i18next.t(`quotes:type.${(COMMERCIAL_TYPES as readonly string[]).includes(type ?? "") ? type : "quote"}`);

/** "Checked", "Needs review", "Edited", in the language on screen. */
export const statusLabel = (status: ExtractionStatus) => i18next.t(`quotes:status.${status}`);

/** The other party: who issued a vendor quote, who receives a customer quote. */
export const counterparty = (q: Pick<Quote, "kind" | "vendorName" | "customerName">) =>
  (q.kind === "vendor" ? q.vendorName : q.customerName) ?? i18next.t("quotes:unknown");

/** True once the quote's validity date has passed. */
export function isExpired(validUntil: string | null, today = new Date()): boolean {
  if (!validUntil) return false;
  const local = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
  return validUntil < local;
}

const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? "" : String(value);
  // Quote fields with separators, and neutralise spreadsheet formulas (CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** One quote as CSV: its header fields, then the line items, then the totals. Labels in the language on screen, values as stored. */
export function quoteCsv(q: Quote): string {
  const label = (key: string) => i18next.t(`quotes:csv.${key}`);
  const rows: unknown[][] = [
    [label("kind"), q.kind],
    [label("vendor"), q.vendorName],
    [label("customer"), q.customerName],
    [label("quoteNumber"), q.quoteNumber],
    [label("quoteDate"), q.quoteDate],
    [label("validUntil"), q.validUntil],
    [label("currency"), q.currency],
    [label("paymentTerms"), q.paymentTerms],
    [label("source"), q.documentName],
    [],
    [label("description"), label("quantity"), label("unit"), label("unitPrice"), label("amount")],
    ...q.lineItems.map((l) => [l.description, l.quantity, l.unit, l.unitPrice, l.amount]),
    [],
    [label("subtotal"), q.subtotal],
    [label("tax"), q.tax],
    [label("shipping"), q.shipping],
    [label("total"), q.total],
  ];
  return rows.map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Words as a file name's part: ASCII letters, digits and dashes, lower case. */
export const fileNamePart = (...words: string[]) =>
  words
    .join("-")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();

export function csvFileName(q: Pick<Quote, "quoteNumber" | "id" | "vendorName" | "customerName" | "kind">): string {
  return `${fileNamePart(counterparty(q), q.quoteNumber ?? `quote-${q.id}`) || `quote-${q.id}`}.csv`;
}

/** One quote's CSV as a download. */
export function downloadCsv(fileName: string, csv: string) {
  // The byte order mark makes Excel read the file as UTF-8.
  downloadBlob(fileName, new Blob(["\ufeff", csv], { type: "text/csv;charset=utf-8" }));
}

/** A client-side download (no server round trip): a Blob behind a temporary link. */
export function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
