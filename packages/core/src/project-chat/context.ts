import type { ProjectQuote } from "../quote/schema";

/**
 * What a model is told about a project besides its documents: the project record,
 * its customer and primary contact, and the quotes extracted from its documents.
 * Each line is a fact of its own, so the offline model can quote the ones that
 * match a question.
 */

export interface ProjectRecord {
  id: number;
  name: string;
  description?: string;
  address?: string;
  status?: string;
  salesforceOppId?: string;
  createdAt?: string;
}

export interface CustomerRecord {
  companyName: string;
  industry?: string;
  website?: string;
  billingAddress?: string;
  billingCity?: string;
  billingState?: string;
  billingZip?: string;
  billingCountry?: string;
  paymentTerms?: string;
  creditLimit?: string;
  taxExempt?: string;
  status?: string;
  notes?: string;
}

export interface ContactRecord {
  firstName: string;
  lastName: string;
  title?: string;
  department?: string;
  email?: string;
  phone?: string;
  mobile?: string;
}

const join = (parts: (string | undefined | null | false)[], separator = ", ") =>
  parts.filter((p): p is string => typeof p === "string" && p.trim() !== "").join(separator);

const money = (n: number | null, currency: string | null) =>
  n === null
    ? null
    : `${currency ? `${currency} ` : ""}${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function customerFacts(customer: CustomerRecord | null | undefined): string[] {
  if (!customer) return [];
  const address = join([
    customer.billingAddress,
    customer.billingCity,
    join([customer.billingState, customer.billingZip], " "),
    customer.billingCountry,
  ]);
  return [
    `Customer: ${join([customer.companyName, customer.industry && `industry ${customer.industry}`, customer.status && `status ${customer.status}`])}`,
    customer.website ? `Customer website: ${customer.website}` : "",
    address ? `Customer billing address: ${address}` : "",
    customer.paymentTerms || customer.creditLimit || customer.taxExempt
      ? `Customer terms: ${join([
          customer.paymentTerms && `payment terms ${customer.paymentTerms}`,
          customer.creditLimit && `credit limit ${customer.creditLimit}`,
          customer.taxExempt && `tax exempt ${customer.taxExempt}`,
        ])}`
      : "",
    customer.notes ? `Customer notes: ${customer.notes}` : "",
  ].filter(Boolean);
}

export function contactFacts(contact: ContactRecord | null | undefined): string[] {
  if (!contact) return [];
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  return [
    `Primary contact: ${join([name, contact.title, contact.department])}`,
    contact.email || contact.phone || contact.mobile
      ? `Primary contact details: ${join([contact.email && `email ${contact.email}`, contact.phone && `phone ${contact.phone}`, contact.mobile && `mobile ${contact.mobile}`])}`
      : "",
  ].filter(Boolean);
}

export function quoteFacts(quotes: ProjectQuote[]): string[] {
  return quotes.map((q) => {
    const what = { quote: "quote", invoice: "invoice", credit_note: "credit note", other: "document" }[q.documentType];
    const head = `${q.kind === "vendor" ? "Vendor" : "Customer"} ${what} ${q.quoteNumber ?? "(no number)"}`;
    const parties = join([q.vendorName && `from ${q.vendorName}`, q.customerName && `to ${q.customerName}`], " ");
    const dates = join([q.quoteDate && `dated ${q.quoteDate}`, q.validUntil && `valid until ${q.validUntil}`]);
    const totals = join([
      money(q.subtotal, q.currency) && `subtotal ${money(q.subtotal, q.currency)}`,
      money(q.tax, q.currency) && `tax ${money(q.tax, q.currency)}`,
      money(q.shipping, q.currency) && `shipping ${money(q.shipping, q.currency)}`,
      money(q.total, q.currency) && `total ${money(q.total, q.currency)}`,
    ]);
    const lines = q.lineItems
      .slice(0, 12)
      .map((l) =>
        join([l.quantity !== null && `${l.quantity}${l.unit ? ` ${l.unit}` : ""} x`, l.description, money(l.amount, q.currency)], " "),
      )
      .join("; ");
    const more = q.lineItems.length > 12 ? `; and ${q.lineItems.length - 12} more lines` : "";
    const review = q.flags.length ? ` Checks that failed: ${q.flags.map((f) => f.message).join(" ")}` : "";
    return `${join([head, parties, dates], " ")}: ${totals || "no totals found"}${q.paymentTerms ? `; ${q.paymentTerms}` : ""}. Line items: ${lines || "none found"}${more}. Source: "${q.documentName}".${review}`;
  });
}

/** Which documents there are, so a model can say which one it did not find an answer in. */
export function documentFacts(documents: { fileName: string; documentCategory: string }[]): string[] {
  if (documents.length === 0) return ["Documents: none processed yet"];
  return [`Documents: ${documents.map((d) => `${d.fileName} (${d.documentCategory})`).join(", ")}`];
}

/** The project's own facts, one per line. */
export function projectFacts(
  project: ProjectRecord,
  customer?: CustomerRecord | null,
  contact?: ContactRecord | null,
  quotes: ProjectQuote[] = [],
  documents?: { fileName: string; documentCategory: string }[],
): string[] {
  return [
    `Project: ${project.name}${project.status ? ` (status ${project.status})` : ""}`,
    project.description ? `Project description: ${project.description}` : "",
    project.address ? `Project address: ${project.address}` : "",
    project.salesforceOppId ? `CRM opportunity id: ${project.salesforceOppId}` : "",
    project.createdAt ? `Project created: ${project.createdAt.slice(0, 10)}` : "",
    ...customerFacts(customer),
    ...contactFacts(contact),
    ...quoteFacts(quotes),
    ...(documents ? documentFacts(documents) : []),
  ].filter(Boolean);
}
