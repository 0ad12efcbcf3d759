/**
 * Customers and contacts as the API answers them, the spec's
 * option lists and the small pure helpers the screens share.
 */

import { currentLocale } from "@/i18n/languages";
import type { ContactRecord } from "@quorum/core/contact/schema";
import { CUSTOMER_STATUSES, type CustomerRecord } from "@quorum/core/customer/schema";

export { CUSTOMER_STATUSES };

/** A translate function (any namespace: keys here name theirs). */
type Translate = (key: string) => string;

/** Stored as written here (the API's values); each language shows its own label for them. */
export const PAYMENT_TERMS = ["Net 15", "Net 30", "Net 45", "Net 60", "Due on Receipt"] as const;

const PAYMENT_TERM_KEYS: Record<string, string> = {
  "Net 15": "net15",
  "Net 30": "net30",
  "Net 45": "net45",
  "Net 60": "net60",
  "Due on Receipt": "dueOnReceipt",
};

/** A stored payment term in the language on screen; a term this build does not know shows as stored. */
export const paymentTermsLabel = (t: Translate, term: string) =>
  PAYMENT_TERM_KEYS[term] ? t(`customers:paymentTerms.${PAYMENT_TERM_KEYS[term]}`) : term;

/** A customer status in the language on screen; an unknown one shows as stored. */
export const statusLabel = (t: Translate, status: string) =>
  (CUSTOMER_STATUSES as readonly string[]).includes(status) ? t(`customers:status.${status}`) : status;

export const CREDIT_NOT_USED = "Not Used";
/** 'Not Used', then 5,000 to 20,000 by 5,000, then every 25,000 from 25,000 to 1,000,000. */
export const CREDIT_LIMIT_OPTIONS: readonly string[] = [
  CREDIT_NOT_USED,
  ...[5_000, 10_000, 15_000, 20_000].map(String),
  ...Array.from({ length: 40 }, (_, i) => String((i + 1) * 25_000)),
];

/** A customer and a contact as the API answers them. */
export type Customer = CustomerRecord;
export type Contact = ContactRecord;

/**
 * The customer dialog's fields (shipping fields exist in the data but have no form fields). The
 * status comes from a select as text; the server checks it against CUSTOMER_STATUSES.
 */
export type CustomerForm = { status: string } & Pick<
  Customer,
  | "companyName"
  | "industry"
  | "website"
  | "billingAddress"
  | "billingCity"
  | "billingState"
  | "billingZip"
  | "billingCountry"
  | "taxId"
  | "taxExempt"
  | "paymentTerms"
  | "creditLimit"
  | "notes"
>;

/** A new customer's form: empty, with core's defaults for country, tax, terms, credit and status. */
export const EMPTY_CUSTOMER: CustomerForm = {
  companyName: "",
  industry: "",
  website: "",
  billingAddress: "",
  billingCity: "",
  billingState: "",
  billingZip: "",
  billingCountry: "USA",
  taxId: "",
  taxExempt: "no",
  paymentTerms: "Net 30",
  creditLimit: CREDIT_NOT_USED,
  status: "active",
  notes: "",
};

export function customerForm(customer: Customer): CustomerForm {
  return Object.fromEntries(Object.keys(EMPTY_CUSTOMER).map((key) => [key, customer[key as keyof CustomerForm] ?? ""])) as CustomerForm;
}

export type ContactForm = Pick<
  Contact,
  "customerId" | "firstName" | "lastName" | "email" | "phone" | "mobile" | "title" | "department" | "isPrimary" | "notes"
>;

/** A new contact: customerId 0 (or the chosen customer), not primary. */
export function emptyContact(customerId = 0): ContactForm {
  return {
    customerId,
    firstName: "",
    lastName: "",
    email: "",
    phone: "",
    mobile: "",
    title: "",
    department: "",
    isPrimary: false,
    notes: "",
  };
}

export function contactForm(contact: Contact): ContactForm {
  const { customerId, firstName, lastName, email, phone, mobile, title, department, isPrimary, notes } = contact;
  return { customerId, firstName, lastName, email, phone, mobile, title, department, isPrimary, notes };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The required fields and the email's shape, checked before sending; the server checks the same.
 * Each problem is a message key of the customers catalog, so the form says it in the language on screen.
 */
export function customerProblems(form: CustomerForm): Partial<Record<keyof CustomerForm, string>> {
  return form.companyName.trim() ? {} : { companyName: "problems.companyName" };
}

export function contactProblems(form: ContactForm): Partial<Record<keyof ContactForm, string>> {
  const problems: Partial<Record<keyof ContactForm, string>> = {};
  if (!form.customerId) problems.customerId = "problems.customer";
  if (!form.firstName.trim()) problems.firstName = "problems.firstName";
  if (!form.lastName.trim()) problems.lastName = "problems.lastName";
  if (form.email.trim() && !EMAIL.test(form.email.trim())) problems.email = "problems.email";
  return problems;
}

/** '25000' -> '$25,000' (in dollars, written as the language on screen writes amounts); anything that is not a number stays as it is. */
export function formatCreditLimit(value: string): string {
  const amount = Number(value);
  if (value === CREDIT_NOT_USED || value.trim() === "" || !Number.isFinite(amount)) return value;
  return new Intl.NumberFormat(currentLocale(), {
    style: "currency",
    currency: "USD",
    currencyDisplay: "narrowSymbol",
    maximumFractionDigits: 0,
  }).format(amount);
}

/** The credit limit as shown: 'Not Used' in the language on screen, amounts as money. */
export const creditLimitLabel = (t: Translate, value: string) =>
  value === CREDIT_NOT_USED ? t("customers:creditNotUsed") : formatCreditLimit(value);

export function fullName(contact: Pick<Contact, "firstName" | "lastName">): string {
  return `${contact.firstName} ${contact.lastName}`.trim();
}

/** A link for a website typed without a scheme; anything but http(s) is not linked. */
export function websiteHref(website: string): string | undefined {
  const text = website.trim();
  if (!text) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** City, state and ZIP on one line, as an address is written. */
export function cityLine(customer: Pick<Customer, "billingCity" | "billingState" | "billingZip">): string {
  const cityState = [customer.billingCity, customer.billingState].filter((s) => s.trim()).join(", ");
  return [cityState, customer.billingZip].filter((s) => s.trim()).join(" ");
}
