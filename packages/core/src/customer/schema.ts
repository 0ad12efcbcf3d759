import { z } from "zod";
import { NextCursor } from "../list-page";
import { optionalField, requiredField } from "../validation";

/**
 * Customers as the API takes and answers them: browser-safe (zod only), so the web types its
 * screens and checks its forms with the same rules as the server.
 */

export const CUSTOMER_STATUSES = ["active", "inactive", "suspended"] as const;
export const TAX_EXEMPT = ["yes", "no"] as const;

/** A new customer's values for the fields the form leaves alone. */
export const CUSTOMER_DEFAULTS = {
  billingCountry: "USA",
  shippingCountry: "USA",
  taxExempt: "no",
  paymentTerms: "Net 30",
  creditLimit: "Not Used",
  status: "active",
} as const;

/** The longest text each field takes; the forms stop typing there too. */
export const CUSTOMER_MAX_LENGTHS = {
  companyName: 200,
  industry: 100,
  website: 500,
  billingAddress: 500,
  billingCity: 100,
  billingState: 100,
  billingZip: 20,
  billingCountry: 100,
  shippingAddress: 500,
  shippingCity: 100,
  shippingState: 100,
  shippingZip: 20,
  shippingCountry: 100,
  taxId: 50,
  paymentTerms: 50,
  notes: 5000,
  creditLimit: 20,
} as const;

/** 'Not Used' or a dollar amount as text (the form offers 5,000 ... 1,000,000). */
const CreditLimit = z
  .string({ message: "Credit limit must be text" })
  .trim()
  .max(CUSTOMER_MAX_LENGTHS.creditLimit, `Credit limit must be at most ${CUSTOMER_MAX_LENGTHS.creditLimit} characters`)
  .transform((v) => (v === "" ? CUSTOMER_DEFAULTS.creditLimit : v.replace(/,/g, "")))
  .refine((v) => v === CUSTOMER_DEFAULTS.creditLimit || /^\d+(\.\d{1,2})?$/.test(v), "Credit limit must be 'Not Used' or a number")
  .nullish()
  .transform((v) => v ?? undefined);

const Fields = {
  industry: optionalField("Industry", CUSTOMER_MAX_LENGTHS.industry),
  website: optionalField("Website", CUSTOMER_MAX_LENGTHS.website),
  billingAddress: optionalField("Billing address", CUSTOMER_MAX_LENGTHS.billingAddress),
  billingCity: optionalField("City", CUSTOMER_MAX_LENGTHS.billingCity),
  billingState: optionalField("State", CUSTOMER_MAX_LENGTHS.billingState),
  billingZip: optionalField("ZIP code", CUSTOMER_MAX_LENGTHS.billingZip),
  billingCountry: optionalField("Country", CUSTOMER_MAX_LENGTHS.billingCountry),
  shippingAddress: optionalField("Shipping address", CUSTOMER_MAX_LENGTHS.shippingAddress),
  shippingCity: optionalField("Shipping city", CUSTOMER_MAX_LENGTHS.shippingCity),
  shippingState: optionalField("Shipping state", CUSTOMER_MAX_LENGTHS.shippingState),
  shippingZip: optionalField("Shipping ZIP code", CUSTOMER_MAX_LENGTHS.shippingZip),
  shippingCountry: optionalField("Shipping country", CUSTOMER_MAX_LENGTHS.shippingCountry),
  taxId: optionalField("Tax ID", CUSTOMER_MAX_LENGTHS.taxId),
  taxExempt: z.enum(TAX_EXEMPT, { message: "Tax exempt must be 'yes' or 'no'" }).optional(),
  paymentTerms: optionalField("Payment terms", CUSTOMER_MAX_LENGTHS.paymentTerms),
  creditLimit: CreditLimit,
  status: z.enum(CUSTOMER_STATUSES, { message: "Status must be active, inactive or suspended" }).optional(),
  notes: optionalField("Notes", CUSTOMER_MAX_LENGTHS.notes),
};

const CompanyName = requiredField("Company name is required", "Company name", CUSTOMER_MAX_LENGTHS.companyName);

export const CustomerCreateInput = z.object({ companyName: CompanyName, ...Fields });
export const CustomerUpdateInput = z.object({ companyName: CompanyName.optional(), ...Fields });

/** A customer as the API answers it. */
export const CustomerRecord = z.object({
  id: z.number(),
  userId: z.string(),
  companyName: z.string(),
  industry: z.string(),
  website: z.string(),
  billingAddress: z.string(),
  billingCity: z.string(),
  billingState: z.string(),
  billingZip: z.string(),
  billingCountry: z.string(),
  shippingAddress: z.string(),
  shippingCity: z.string(),
  shippingState: z.string(),
  shippingZip: z.string(),
  shippingCountry: z.string(),
  taxId: z.string(),
  taxExempt: z.enum(TAX_EXEMPT),
  paymentTerms: z.string(),
  creditLimit: z.string(),
  status: z.enum(CUSTOMER_STATUSES),
  notes: z.string(),
  /** The card's count of contacts. */
  contactCount: z.number(),
  primaryContactId: z.number().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type CustomerRecord = z.infer<typeof CustomerRecord>;

export const CustomerList = z.object({ customers: z.array(CustomerRecord), ...NextCursor });
export const CustomerReply = z.object({ customer: CustomerRecord });
/** Deleting a customer deletes its contacts in the same transaction. */
export const CustomerRemoved = z.object({ success: z.literal(true), id: z.number(), contactsDeleted: z.number() });
