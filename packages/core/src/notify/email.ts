import { MAX_SUBJECT_VALUE_CHARS } from "./limits";
import { fill, type MessageKey } from "./messages";
import type { Language } from "./language";

/** A mail ready to send: the same words as plain text and as simple HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The signed link that turns email notifications off (List-Unsubscribe too). */
  unsubscribeUrl?: string;
  /** Where replies go (the support team's mail: the requester). */
  replyTo?: string;
}

/** Everything that comes from documents, users or models is escaped before it reaches HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export interface MailContent {
  language: Language;
  to: string;
  name?: string;
  subject: MessageKey;
  /** Paragraphs, each a message filled with `values`. */
  paragraphs: MessageKey[];
  values: Record<string, string>;
  action?: { label: MessageKey; url: string };
  /** Mails a person can switch off carry the link; the support team's copy does not. */
  unsubscribeUrl?: string;
}

/** One layout for every notification mail: greeting, paragraphs, an optional button, sign-off, footer. */
/**
 * A user's text as a subject line may carry it: on one line (a line break in a header would start
 * another header) and cut to MAX_SUBJECT_VALUE_CHARS, so a file name cannot write the subject.
 */
export function subjectValue(text: string): string {
  // \p{Cc}: every control character (line breaks, tabs, NUL); plus the Unicode line and paragraph separators.
  const line = text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
  return line.length > MAX_SUBJECT_VALUE_CHARS ? `${line.slice(0, MAX_SUBJECT_VALUE_CHARS - 1).trimEnd()}…` : line;
}

export function composeMail(content: MailContent): Mail {
  const { language, values } = content;
  const text = (key: MessageKey) => fill(language, key, values);
  const html = (key: MessageKey) => fill(language, key, values, escapeHtml);
  const greeting = content.name ? fill(language, "greeting", { name: content.name }) : text("greetingNoName");
  const greetingHtml = content.name ? fill(language, "greeting", { name: content.name }, escapeHtml) : html("greetingNoName");

  const textParts = [greeting, ...content.paragraphs.map(text)];
  if (content.action) textParts.push(`${text(content.action.label)}: ${content.action.url}`);
  textParts.push(text("signOff"));
  if (content.unsubscribeUrl) textParts.push(`--\n${text("footer")}\n${text("unsubscribe")}: ${content.unsubscribeUrl}`);

  const button = content.action
    ? `<p><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600">${html(content.action.label)}</a></p>`
    : "";
  const footer = content.unsubscribeUrl
    ? `<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px"><p style="font-size:12px;color:#6b7280">${html("footer")} <a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#6b7280">${html("unsubscribe")}</a></p>`
    : "";
  const body = [
    `<p>${greetingHtml}</p>`,
    ...content.paragraphs.map((key) => `<p>${html(key)}</p>`),
    button,
    `<p>${html("signOff")}</p>`,
    footer,
  ].join("\n");
  return {
    to: content.to,
    // The templates quote each value (“{document}”); the values themselves are cut to one short line.
    subject: fill(
      language,
      content.subject,
      values && Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === "string" ? subjectValue(v) : v])),
    ),
    text: textParts.join("\n\n"),
    html: `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${html(content.subject)}</title></head><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:15px;line-height:1.5;color:#111827;max-width:560px;margin:0 auto;padding:24px">\n${body}\n</body></html>`,
    unsubscribeUrl: content.unsubscribeUrl,
  };
}
