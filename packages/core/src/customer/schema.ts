import { z } from "zod";
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

/** 'Not Used' or a dollar amount as text (the form offers 5,000 ... 1,000,000). */
const CreditLimit = z
  .string({ message: "Credit limit must be text" })
  .trim()
  .max(20, "Credit limit must be at most 20 characters")
  .transform((v) => (v === "" ? CUSTOMER_DEFAULTS.creditLimit : v.replace(/,/g, "")))
  .refine((v) => v === CUSTOMER_DEFAULTS.creditLimit || /^\d+(\.\d{1,2})?$/.test(v), "Credit limit must be 'Not Used' or a number")
  .nullish()
  .transform((v) => v ?? undefined);

const Fields = {
  industry: optionalField("Industry", 100),
  website: optionalField("Website", 500),
  billingAddress: optionalField("Billing address", 500),
  billingCity: optionalField("City", 100),
  billingState: optionalField("State", 100),
  billingZip: optionalField("ZIP code", 20),
  billingCountry: optionalField("Country", 100),
  shippingAddress: optionalField("Shipping address", 500),
  shippingCity: optionalField("Shipping city", 100),
  shippingState: optionalField("Shipping state", 100),
  shippingZip: optionalField("Shipping ZIP code", 20),
  shippingCountry: optionalField("Shipping country", 100),
  taxId: optionalField("Tax ID", 50),
  taxExempt: z.enum(TAX_EXEMPT, { message: "Tax exempt must be 'yes' or 'no'" }).optional(),
  paymentTerms: optionalField("Payment terms", 50),
  creditLimit: CreditLimit,
  status: z.enum(CUSTOMER_STATUSES, { message: "Status must be active, inactive or suspended" }).optional(),
  notes: optionalField("Notes", 5000),
};

const CompanyName = requiredField("Company name is required", "Company name", 200);

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

export const CustomerList = z.object({ customers: z.array(CustomerRecord) });
export const CustomerReply = z.object({ customer: CustomerRecord });
/** Deleting a customer deletes its contacts in the same transaction. */
export const CustomerRemoved = z.object({ success: z.literal(true), id: z.number(), contactsDeleted: z.number() });
