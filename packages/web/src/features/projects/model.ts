import type { Contact } from "@/features/customers/model";
import type { ProjectRecord } from "@quorum/core/project/schema";

/** Projects as the API answers them. */
export { PROJECT_STATUSES, type ProjectStatus, type ProjectWithLinks } from "@quorum/core/project/schema";
export type Project = ProjectRecord;

/** The default badge when active, otherwise the secondary one. */
export const projectStatusVariant = (status: string) => (status === "active" ? "default" : "secondary");

/** 'Title, Department' when either is present. */
export function roleLine(contact: Pick<Contact, "title" | "department">): string {
  return [contact.title, contact.department].filter((s) => s?.trim()).join(", ");
}
