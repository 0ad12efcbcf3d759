import { z } from "zod";
import { optionalField, recordId, requiredField } from "../validation";

/** Contacts as the API takes and answers them: browser-safe (zod only), shared with the web. */

const Email = z
  .string({ message: "Invalid email address" })
  .trim()
  .max(320, "Email must be at most 320 characters")
  .refine((v) => v === "" || z.email().safeParse(v).success, "Invalid email address")
  .nullish()
  .transform((v) => v ?? undefined);

const CustomerId = z
  .number({ message: "Customer ID must be a number" })
  .int("Customer ID must be a whole number")
  .positive("Please select a customer");

const Fields = {
  email: Email,
  phone: optionalField("Phone", 40),
  mobile: optionalField("Mobile", 40),
  title: optionalField("Title", 200),
  department: optionalField("Department", 200),
  isPrimary: z.boolean({ message: "isPrimary must be true or false" }).optional(),
  isActive: z.boolean({ message: "isActive must be true or false" }).optional(),
  notes: optionalField("Notes", 5000),
};
const FirstName = requiredField("First name is required", "First name", 100);
const LastName = requiredField("Last name is required", "Last name", 100);

export const ContactCreateInput = z.object({ customerId: CustomerId, firstName: FirstName, lastName: LastName, ...Fields });
export const ContactUpdateInput = z.object({
  customerId: CustomerId.optional(),
  firstName: FirstName.optional(),
  lastName: LastName.optional(),
  ...Fields,
});
export const ContactPrimaryInput = z.object({
  id: recordId("Contact ID"),
  customerId: CustomerId.optional(),
});

/** A contact as the API answers it. */
export const ContactRecord = z.object({
  id: z.number(),
  userId: z.string(),
  customerId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  mobile: z.string(),
  title: z.string(),
  department: z.string(),
  isPrimary: z.boolean(),
  isActive: z.boolean(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type ContactRecord = z.infer<typeof ContactRecord>;

export const ContactList = z.object({ contacts: z.array(ContactRecord) });
export const ContactReply = z.object({ contact: ContactRecord });
export const ContactRemoved = z.object({ success: z.literal(true), id: z.number() });
