import type { Contact } from "@/features/customers/model";
import { PROJECT_STATUSES, type ProjectRecord } from "@quorum/core/project/schema";

/** Projects as the API answers them. */
export { PROJECT_STATUSES, type ProjectStatus, type ProjectWithLinks } from "@quorum/core/project/schema";
export type Project = ProjectRecord;

/** A stored status in the language on screen ("on-hold" -> "en pause"); an unknown one shows as stored. */
export const projectStatusLabel = (t: (key: string) => string, status: string) =>
  (PROJECT_STATUSES as readonly string[]).includes(status) ? t(`projects:status.${status}`) : status;

/** The default badge when active, otherwise the secondary one. */
export const projectStatusVariant = (status: string) => (status === "active" ? "default" : "secondary");

/** 'Title, Department' when either is present. */
export function roleLine(contact: Pick<Contact, "title" | "department">): string {
  return [contact.title, contact.department].filter((s) => s?.trim()).join(", ");
}
