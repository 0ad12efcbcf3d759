/**
 * Customers and contacts as the API answers them, the spec's
 * option lists and the small pure helpers the screens share.
 */

import { formatWholeMoney } from "@/lib/format";
import type { z } from "zod";
import { ContactCreateInput, type ContactRecord } from "@quorum/core/contact/schema";
import { CUSTOMER_DEFAULTS, CUSTOMER_STATUSES, CustomerCreateInput, type CustomerRecord } from "@quorum/core/customer/schema";

export { CUSTOMER_STATUSES };
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

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

export const CREDIT_NOT_USED = CUSTOMER_DEFAULTS.creditLimit;
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
 * The customer dialog's fields under core's create rules (shipping fields exist in the data but
 * have no form fields); editing checks the same, since the dialog always sends a company name.
 */
export const CustomerFormSchema = CustomerCreateInput.pick({
  companyName: true,
  industry: true,
  website: true,
  billingAddress: true,
  billingCity: true,
  billingState: true,
  billingZip: true,
  billingCountry: true,
  taxId: true,
  taxExempt: true,
  paymentTerms: true,
  creditLimit: true,
  status: true,
  notes: true,
});
export type CustomerForm = z.input<typeof CustomerFormSchema>;

/** A new customer's form: empty, with core's defaults for country, tax, terms, credit and status. */
export const EMPTY_CUSTOMER = {
  companyName: "",
  industry: "",
  website: "",
  billingAddress: "",
  billingCity: "",
  billingState: "",
  billingZip: "",
  billingCountry: CUSTOMER_DEFAULTS.billingCountry,
  taxId: "",
  taxExempt: CUSTOMER_DEFAULTS.taxExempt,
  paymentTerms: CUSTOMER_DEFAULTS.paymentTerms,
  creditLimit: CUSTOMER_DEFAULTS.creditLimit,
  status: CUSTOMER_DEFAULTS.status,
  notes: "",
} satisfies CustomerForm;

export function customerForm(customer: Customer): CustomerForm {
  return Object.fromEntries(Object.keys(EMPTY_CUSTOMER).map((key) => [key, customer[key as keyof CustomerForm] ?? ""])) as CustomerForm;
}

/** The contact dialog's fields under core's create rules. */
export const ContactFormSchema = ContactCreateInput.pick({
  customerId: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  mobile: true,
  title: true,
  department: true,
  isPrimary: true,
  notes: true,
});
export type ContactForm = z.input<typeof ContactFormSchema>;

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

/** '25000' -> '$25,000' (in dollars, written as the language on screen writes amounts); anything that is not a number stays as it is. */
export function formatCreditLimit(value: string): string {
  const amount = Number(value);
  if (value === CREDIT_NOT_USED || value.trim() === "" || !Number.isFinite(amount)) return value;
  return formatWholeMoney(amount, "USD");
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
