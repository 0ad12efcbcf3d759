// Relative imports: this module is unit-tested outside Vite, where the "@" alias does not exist.
import { SupportReceipt, type SupportForm, type SupportInput } from "@quorum/core/support/schema";
import { apiJson } from "../../lib/api";
import { PRODUCT_NAME, SUPPORT_EMAIL } from "../../lib/product";

export const EMPTY_FORM: SupportForm = { name: "", email: "", subject: "", category: "general", priority: "medium", message: "" };

/** What POST /api/support receives: the form plus who, where from and when. */
export type SupportRequest = SupportForm & Required<Pick<SupportInput, "userAgent" | "timestamp" | "userId">>;

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

/** `language`: the page's, for a signed-out visitor's acknowledgement mail. */
export async function submitSupportRequest(request: SupportRequest, language?: string) {
  return SupportReceipt.parse(await apiJson("POST", "/api/support", { ...request, language }));
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
