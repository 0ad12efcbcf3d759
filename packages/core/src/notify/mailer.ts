import { SESv2Client, SendEmailCommand } from "@aws-sdk/client-sesv2";
import { createTransport, type Transporter } from "nodemailer";
import { config } from "../config";
import type { Mail } from "./email";

/**
 * Sends mail: Amazon SES (SESv2) in AWS, SMTP locally (the local stack's mail
 * catcher), chosen by configuration so the same code runs in both.
 */
export namespace Mailer {
  let smtp: Transporter | undefined;
  let ses: SESv2Client | undefined;

  /** RFC 8058 one-click unsubscribe: mail clients show an "Unsubscribe" button and POST to the link. */
  function unsubscribeHeaders(mail: Mail): Record<string, string> {
    if (!mail.unsubscribeUrl) return {};
    return { "List-Unsubscribe": `<${mail.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
  }

  export function transport(): "ses" | "smtp" {
    const c = config();
    return c.MAIL_TRANSPORT ?? (c.SMTP_URL ? "smtp" : "ses");
  }

  export async function send(mail: Mail): Promise<void> {
    const c = config();
    const headers = unsubscribeHeaders(mail);
    if (transport() === "smtp") {
      if (!c.SMTP_URL) throw new Error("MAIL_TRANSPORT is smtp but SMTP_URL is not set");
      smtp ??= createTransport(c.SMTP_URL);
      await smtp.sendMail({
        from: c.MAIL_FROM,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers,
      });
      return;
    }
    ses ??= new SESv2Client({ region: c.AWS_REGION, ...(c.SES_ENDPOINT ? { endpoint: c.SES_ENDPOINT } : {}) });
    const utf8 = (data: string) => ({ Data: data, Charset: "UTF-8" });
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: c.MAIL_FROM,
        Destination: { ToAddresses: [mail.to] },
        ReplyToAddresses: mail.replyTo ? [mail.replyTo] : undefined,
        Content: {
          Simple: {
            Subject: utf8(mail.subject),
            Body: { Text: utf8(mail.text), Html: utf8(mail.html) },
            Headers: Object.entries(headers).map(([Name, Value]) => ({ Name, Value })),
          },
        },
      }),
    );
  }

  /** Tests switch configuration between cases; clients are made again from the new one. */
  export function reset() {
    smtp?.close();
    smtp = undefined;
    ses = undefined;
  }
}
