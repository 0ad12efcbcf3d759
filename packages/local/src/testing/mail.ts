/** The mail the local stack sent, as its inbox (packages/local/src/mail.ts) keeps it. */
import type { CaughtMail } from "../mail";
import { env } from "./calls";

export const inboxUrl = () => env("MAIL_INBOX_URL");

/** Every mail the local stack sent to `address`, newest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${inboxUrl()}/api/mails?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`The mail inbox answered ${response.status}`);
  return (await response.json()) as CaughtMail[];
}

/** Waits for a mail to `address` that `matches` (mail is sent after the work it reports on). */
export async function waitForMail(address: string, matches: (mail: CaughtMail) => boolean = () => true, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(address)).find(matches);
    if (found) return found;
    if (Date.now() > until) throw new Error(`No mail to ${address} arrived within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
