import { z } from "zod";
import { NextCursor } from "../list-page";
import { optionalField, recordId, requiredField } from "../validation";

/** Contacts as the API takes and answers them: browser-safe (zod only), shared with the web. */

/** The longest text each field takes; the forms stop typing there too. */
export const CONTACT_MAX_LENGTHS = {
  firstName: 100,
  lastName: 100,
  email: 320,
  phone: 40,
  mobile: 40,
  title: 200,
  department: 200,
  notes: 5000,
} as const;

const Email = z
  .string({ message: "Invalid email address" })
  .trim()
  .max(CONTACT_MAX_LENGTHS.email, `Email must be at most ${CONTACT_MAX_LENGTHS.email} characters`)
  .refine((v) => v === "" || z.email().safeParse(v).success, "Invalid email address")
  .nullish()
  .transform((v) => v ?? undefined);

const CustomerId = z
  .number({ message: "Customer ID must be a number" })
  .int("Customer ID must be a whole number")
  .positive("Please select a customer");

const Fields = {
  email: Email,
  phone: optionalField("Phone", CONTACT_MAX_LENGTHS.phone),
  mobile: optionalField("Mobile", CONTACT_MAX_LENGTHS.mobile),
  title: optionalField("Title", CONTACT_MAX_LENGTHS.title),
  department: optionalField("Department", CONTACT_MAX_LENGTHS.department),
  isPrimary: z.boolean({ message: "isPrimary must be true or false" }).optional(),
  isActive: z.boolean({ message: "isActive must be true or false" }).optional(),
  notes: optionalField("Notes", CONTACT_MAX_LENGTHS.notes),
};
const FirstName = requiredField("First name is required", "First name", CONTACT_MAX_LENGTHS.firstName);
const LastName = requiredField("Last name is required", "Last name", CONTACT_MAX_LENGTHS.lastName);

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

export const ContactList = z.object({ contacts: z.array(ContactRecord), ...NextCursor });
export const ContactReply = z.object({ contact: ContactRecord });
export const ContactRemoved = z.object({ success: z.literal(true), id: z.number() });
