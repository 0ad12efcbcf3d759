// Relative imports: this module is unit-tested outside Vite, where the "@" alias does not exist.
import { apiJson } from "../../lib/api";
import { PRODUCT_NAME, SUPPORT_EMAIL } from "../../lib/product";
import type { SUPPORT_CATEGORIES, SUPPORT_PRIORITIES } from "@quorum/core/support/schema";

export const CATEGORIES = [
  { value: "general", label: "General question" },
  { value: "bug", label: "Bug report" },
  { value: "feature", label: "Feature request" },
  { value: "account", label: "Account" },
  { value: "billing", label: "Billing" },
  { value: "technical", label: "Technical issue" },
] as const;

export const PRIORITIES = [
  { value: "low", label: "Low" },
  { value: "medium", label: "Medium" },
  { value: "high", label: "High" },
  { value: "urgent", label: "Urgent" },
] as const;

export type Category = (typeof SUPPORT_CATEGORIES)[number];
export type Priority = (typeof SUPPORT_PRIORITIES)[number];

/** The support form. */
export interface SupportForm {
  name: string;
  email: string;
  subject: string;
  category: Category;
  priority: Priority;
  message: string;
}

export const EMPTY_FORM: SupportForm = { name: "", email: "", subject: "", category: "general", priority: "medium", message: "" };

/** What POST /api/support receives: the form plus who, where from and when. */
export interface SupportRequest extends SupportForm {
  userAgent: string;
  timestamp: string;
  userId: string;
}

export function buildRequest(
  form: SupportForm,
  userId: string | undefined,
  now = new Date(),
  userAgent = navigator.userAgent,
): SupportRequest {
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    subject: form.subject.trim(),
    category: form.category,
    message: form.message.trim(),
    priority: form.priority,
    userAgent,
    timestamp: now.toISOString(),
    // Signed-out visitors may ask for help too; the API's convention for "nobody" is 'anonymous'.
    userId: userId ?? "anonymous",
  };
}

/** What the server answers: the reference the user quotes, and whether their plan gives priority. */
export interface SupportReceipt {
  success: boolean;
  id: string;
  reference: string;
  prioritySupport: boolean;
}

/** `language`: the page's, for a signed-out visitor's acknowledgement mail. */
export function submitSupportRequest(request: SupportRequest, language?: string) {
  return apiJson<SupportReceipt>("POST", "/api/support", { ...request, language });
}

/** The prefilled e-mail: '[<product> Support] ' + subject; the fields, user id and ISO time in the body. */
export function supportMailto(request: SupportRequest, to = SUPPORT_EMAIL): string {
  const subject = `[${PRODUCT_NAME} Support] ${request.subject}`;
  const body = [
    `Name: ${request.name}`,
    `Email: ${request.email}`,
    `Category: ${request.category}`,
    `Priority: ${request.priority}`,
    "",
    "Message:",
    request.message,
    "",
    "---",
    `User ID: ${request.userId}`,
    `Timestamp: ${request.timestamp}`,
  ].join("\n");
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
