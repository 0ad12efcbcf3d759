import { escapeHtml } from "./email";
import type { Language } from "./language";
import { fill, type MessageKey } from "./messages";

export type UnsubscribeOutcome = "confirm" | "done" | "invalid";

const TEXTS: Record<UnsubscribeOutcome, [MessageKey, MessageKey]> = {
  confirm: ["unsubscribeConfirmTitle", "unsubscribeConfirmBody"],
  done: ["unsubscribedTitle", "unsubscribedBody"],
  invalid: ["unsubscribeInvalidTitle", "unsubscribeInvalidBody"],
};

/** The page's Content-Security-Policy: no script at all; its one form posts back to itself. */
export const UNSUBSCRIBE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

/**
 * The small page an unsubscribe link answers with (opened from a mail: no app,
 * no script). Opening the link only asks: mail scanners that follow links must
 * not unsubscribe anyone; the button (or a mail client's one-click POST) does it.
 */
export function unsubscribePage(language: Language, outcome: UnsubscribeOutcome, links: { settings: string; confirm?: string }) {
  const [title, body] = TEXTS[outcome];
  const t = (key: MessageKey) => fill(language, key, {}, escapeHtml);
  const action =
    outcome === "confirm" && links.confirm
      ? `<form method="post" action="${escapeHtml(links.confirm)}"><button type="submit">${t("unsubscribeConfirmAction")}</button></form><a class="secondary" href="${escapeHtml(links.settings)}">${t("openSettings")}</a>`
      : `<a href="${escapeHtml(links.settings)}">${t("openSettings")}</a>`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t(title)} · Quorum</title><style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f9fafb;color:#111827}
main{max-width:440px;margin:24px;padding:32px;background:#fff;border:1px solid #e5e7eb;border-radius:16px;text-align:center;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:22px;margin:0 0 8px}p{color:#4b5563;margin:0 0 20px}form{margin:0 0 12px}
button,a{display:inline-block;padding:10px 18px;border-radius:8px;border:0;background:#4f46e5;color:#fff;text-decoration:none;font:inherit;font-weight:600;cursor:pointer}
a.secondary{background:transparent;color:#4338ca;text-decoration:underline;font-weight:500}
@media (prefers-color-scheme: dark){body{background:#0b0f19;color:#f3f4f6}main{background:#111827;border-color:#1f2937}p{color:#d1d5db}a.secondary{color:#a5b4fc}}
</style></head><body><main><h1>${t(title)}</h1><p>${t(body)}</p>${action}</main></body></html>`;
}
