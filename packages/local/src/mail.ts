import { createServer, type Server } from "node:http";
import { randomUUID } from "node:crypto";
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";

/** One mail the catcher received, as the inbox page and its JSON show it. */
export interface CaughtMail {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface MailCatcher {
  name: string;
  smtpUrl: string;
  inboxUrl: string;
  stop(): Promise<void>;
}

/** Mails kept in memory; the oldest go first past this. */
const MAX_MAILS = 500;

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address ?? "")).filter(Boolean);

/** Nothing in a caught mail may run or load anything: the page itself allows no script, and each mail shows in a sandbox. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'";
const MAIL_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#111827;background:#f9fafb}
header{background:#4f46e5;color:#fff;padding:14px 24px}header h1{margin:0;font-size:18px}header p{margin:2px 0 0;opacity:.85;font-size:13px}
main{max-width:960px;margin:0 auto;padding:20px 24px}a{color:#4338ca}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #e5e7eb;border-radius:8px}
th,td{text-align:left;padding:10px 12px;border-bottom:1px solid #e5e7eb;vertical-align:top}th{font-size:12px;text-transform:uppercase;color:#4b5563}
.meta{background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin-bottom:16px}.meta div{margin:2px 0}
iframe{width:100%;height:520px;border:1px solid #e5e7eb;border-radius:8px;background:#fff}
pre{white-space:pre-wrap;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px}
</style></head><body><header><h1>Quorum local inbox</h1><p>Every mail the local stack sends lands here; nothing leaves this machine.</p></header><main>${body}</main></body></html>`;
}

function listPage(mails: CaughtMail[]) {
  if (mails.length === 0) return page("Local inbox", "<p>No mail yet.</p>");
  const rows = mails
    .map(
      (m) =>
        `<tr><td>${escape(new Date(m.receivedAt).toLocaleString("en-GB"))}</td><td>${escape(m.to.join(", "))}</td><td><a href="/mails/${m.id}">${escape(m.subject || "(no subject)")}</a></td></tr>`,
    )
    .join("");
  return page(
    "Local inbox",
    `<table><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}

function mailPage(mail: CaughtMail) {
  const meta = [
    ["From", mail.from],
    ["To", mail.to.join(", ")],
    ...(mail.replyTo ? [["Reply-To", mail.replyTo]] : []),
    ["Subject", mail.subject],
    ...(mail.headers["list-unsubscribe"] ? [["List-Unsubscribe", mail.headers["list-unsubscribe"]]] : []),
  ]
    .map(([k, v]) => `<div><strong>${escape(k!)}:</strong> ${escape(v!)}</div>`)
    .join("");
  return page(
    mail.subject,
    `<p><a href="/">&larr; All mail</a></p><div class="meta">${meta}</div>` +
      (mail.html
        ? `<iframe title="HTML version" sandbox="allow-popups allow-popups-to-escape-sandbox" src="/mails/${mail.id}/html"></iframe>`
        : "") +
      `<h2>Plain text</h2><pre>${escape(mail.text)}</pre>`,
  );
}

/**
 * The local stand-in for SES: an SMTP server that keeps every mail, and an inbox
 * page (`/`, one page per mail, `/api/mails` as JSON for tests) to read them.
 */
export async function startMailCatcher(options: { smtpPort: number; httpPort: number }): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    banner: "Quorum local mail catcher",
    size: 10 * 1024 * 1024,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headers: Record<string, string> = {};
          for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(":") + 1).trim();
          mails.unshift({
            id: randomUUID(),
            receivedAt: new Date().toISOString(),
            from: addresses(parsed.from)[0] ?? "",
            to: addresses(parsed.to),
            replyTo: addresses(parsed.replyTo)[0],
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headers,
          });
          mails.length = Math.min(mails.length, MAX_MAILS);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once("error", reject);
    smtp.listen(options.smtpPort, "127.0.0.1", () => resolve());
  });

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://inbox");
    const send = (status: number, type: string, body: string, csp = PAGE_CSP) => {
      res.writeHead(status, { "content-type": `${type}; charset=utf-8`, "content-security-policy": csp, "cache-control": "no-store" });
      res.end(body);
    };
    if (req.method === "DELETE" && url.pathname === "/api/mails") {
      mails.length = 0;
      return send(200, "application/json", "{}");
    }
    if (req.method !== "GET") return send(405, "text/plain", "Method not allowed");
    if (url.pathname === "/") return send(200, "text/html", listPage(mails));
    if (url.pathname === "/api/mails") {
      const to = url.searchParams.get("to")?.toLowerCase();
      return send(200, "application/json", JSON.stringify(to ? mails.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : mails));
    }
    const match = /^\/mails\/([\w-]+)(\/html)?$/.exec(url.pathname);
    const mail = match && mails.find((m) => m.id === match[1]);
    if (!mail) return send(404, "text/plain", "No such mail");
    return match[2] ? send(200, "text/html", mail.html, MAIL_CSP) : send(200, "text/html", mailPage(mail));
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.httpPort, "127.0.0.1", () => resolve());
  });

  return {
    name: "Mail catcher",
    smtpUrl: `smtp://127.0.0.1:${options.smtpPort}`,
    inboxUrl: `http://127.0.0.1:${options.httpPort}`,
    stop: async () => {
      await Promise.all([new Promise<void>((r) => smtp.close(() => r())), new Promise<void>((r) => http.close(() => r()))]);
    },
  };
}
