import { config } from "../config";
import { composeMail, escapeHtml, subjectValue, type Mail } from "../notify/email";
import type { Language } from "../notify/language";
import type { SupportRequestItem } from "./entity";
import type { SupportLevel } from "./schema";

/** The queue a request joins by the sender's plan while it is in force: Enterprise's own, Professional's priority. */
export function supportLevel(plan: string | undefined, paid: boolean): SupportLevel {
  if (!paid) return "standard";
  return plan === "enterprise" ? "enterprise" : plan === "professional" ? "priority" : "standard";
}

const FLAGS: Record<SupportLevel, string> = { standard: "", priority: "[PRIORITY] ", enterprise: "[ENTERPRISE 24/7] " };
const PRIORITY_LINES: Record<SupportLevel, (plan: string | undefined) => string> = {
  standard: (plan) => `no (${plan ?? "signed out"})`,
  priority: (plan) => `yes (${plan} plan)`,
  enterprise: () => "enterprise: dedicated, 24/7 (enterprise plan)",
};

/** The support team's copy: every field, the priority up front, replies go to the requester. */
export function teamMail(request: SupportRequestItem, plan: string | undefined): Mail {
  const flag = FLAGS[request.supportPriority ?? "standard"];
  const subject = `[Quorum Support] ${flag}${request.reference}: “${subjectValue(request.subject)}”`;
  const fields: [string, string][] = [
    ["Reference", request.reference ?? ""],
    ["Priority support", PRIORITY_LINES[request.supportPriority ?? "standard"](plan)],
    ["Priority chosen", request.priority],
    ["Category", request.category],
    ["Kind", request.kind],
    ["Name", request.name],
    ["Email", request.email],
    ...(request.company ? ([["Company", request.company]] as [string, string][]) : []),
    ...(request.teamSize ? ([["Team size", request.teamSize]] as [string, string][]) : []),
    ["User ID", request.userId],
    ["User agent", request.userAgent ?? ""],
    ["Sent at", request.timestamp ?? request.createdAt],
  ];
  const text = [...fields.map(([k, v]) => `${k}: ${v}`), "", "Message:", request.message].join("\n");
  const rows = fields
    .map(([k, v]) => `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join("");
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;font-size:14px">
<table>${rows}</table>
<pre style="white-space:pre-wrap;font-family:inherit;border-left:3px solid #e5e7eb;padding-left:12px">${escapeHtml(request.message)}</pre>
</body></html>`;
  return { to: config().SUPPORT_EMAIL, subject, text, html, replyTo: request.email };
}

/** The requester's acknowledgement, in their language, with the reference to quote. */
export function acknowledgement(request: SupportRequestItem, language: Language, unsubscribeUrl: string | undefined): Mail {
  return composeMail({
    language,
    to: request.email,
    name: request.name,
    subject: "supportAckSubject",
    paragraphs:
      request.supportPriority === "enterprise"
        ? ["supportAckBody", "supportAckEnterprise"]
        : request.prioritySupport
          ? ["supportAckBody", "supportAckPriority"]
          : ["supportAckBody"],
    values: { reference: request.reference ?? "", subject: request.subject },
    unsubscribeUrl,
  });
}
