import { z } from "zod";
import { NextCursor } from "../list-page";
import { ContactRecord } from "../contact/schema";
import { CustomerRecord } from "../customer/schema";
import { optionalField, recordId, requiredField } from "../validation";

/** Projects as the API takes and answers them: browser-safe (zod only), shared with the web. */

export const PROJECT_STATUSES = ["active", "completed", "on-hold"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/**
 * A customer or contact reference from a form: a number, or empty (null, "", 0)
 * for "none". Select inputs send numbers as text, so digits are accepted too.
 */
function reference(label: string) {
  return z
    .preprocess(
      (v) => (v === "" || v === 0 || v === "0" ? null : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
      recordId(label).nullable(),
    )
    .optional();
}

/** The longest text each field takes; the forms stop typing there too. */
export const PROJECT_MAX_LENGTHS = { name: 200, description: 5000, address: 500, salesforceOppId: 100 } as const;

const Name = requiredField("Project name is required.", "Project name", PROJECT_MAX_LENGTHS.name);
const Fields = {
  description: optionalField("Description", PROJECT_MAX_LENGTHS.description),
  address: optionalField("Address", PROJECT_MAX_LENGTHS.address),
  salesforceOppId: optionalField("Opportunity ID", PROJECT_MAX_LENGTHS.salesforceOppId),
  status: z.enum(PROJECT_STATUSES, { message: "Status must be active, completed or on-hold" }).optional(),
  customerId: reference("Customer ID"),
  contactId: reference("Contact ID"),
};

export const ProjectCreateInput = z.object({ name: Name, ...Fields });
export const ProjectUpdateInput = z.object({ name: Name.optional(), ...Fields });

/** A project as the API answers it. */
export const ProjectRecord = z.object({
  id: z.number(),
  userId: z.string(),
  name: z.string(),
  description: z.string(),
  address: z.string(),
  salesforceOppId: z.string(),
  status: z.enum(PROJECT_STATUSES),
  /** References, not foreign keys: a deleted customer leaves its id behind. */
  customerId: z.number().optional(),
  contactId: z.number().optional(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type ProjectRecord = z.infer<typeof ProjectRecord>;

/** GET /api/projects/{id}: the project with its customer and contact (null when gone). */
export const ProjectWithLinks = ProjectRecord.extend({ customer: CustomerRecord.nullable(), contact: ContactRecord.nullable() });
export type ProjectWithLinks = z.infer<typeof ProjectWithLinks>;

export const ProjectList = z.object({ projects: z.array(ProjectRecord), ...NextCursor });
export const ProjectReply = z.object({ project: ProjectRecord });
