import type { Contact, Customer } from "@/features/customers/model";

/** Projects as the API answers them. */
export const PROJECT_STATUSES = ["active", "completed", "on-hold"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export interface Project {
  id: number;
  userId: string;
  name: string;
  description: string;
  address: string;
  salesforceOppId: string;
  status: ProjectStatus | string;
  customerId?: number;
  contactId?: number;
  createdAt: string;
}

/** GET /api/projects/{id}: the project with its customer and contact (null when not found). */
export interface ProjectWithLinks extends Project {
  customer: Customer | null;
  contact: Contact | null;
}

/** A stored status in the language on screen ("on-hold" -> "en pause"); an unknown one shows as stored. */
export const projectStatusLabel = (t: (key: string) => string, status: string) =>
  (PROJECT_STATUSES as readonly string[]).includes(status) ? t(`projects:status.${status}`) : status;

/** The default badge when active, otherwise the secondary one (§4). */
export const projectStatusVariant = (status: string) => (status === "active" ? "default" : "secondary");

/** 'Title, Department' when either is present. */
export function roleLine(contact: Pick<Contact, "title" | "department">): string {
  return [contact.title, contact.department].filter((s) => s?.trim()).join(", ");
}
