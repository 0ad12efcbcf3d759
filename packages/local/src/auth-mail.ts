import { composeMail } from "@quorum/core/notify/email";
import type { MessageKey } from "@quorum/core/notify/messages";
import { Mailer } from "@quorum/core/notify/mailer";
import { Notify } from "@quorum/core/notify/index";
import { User } from "@quorum/core/user/index";

/**
 * In the cloud Firebase mails password-reset and address-verification links itself, to the
 * project's action URL (set to the site's /auth/action in the Firebase console). The Auth
 * Emulator mails nothing: it only keeps each code, listed at its `oobCodes` endpoint. This
 * relays every new code as that mail, in the account's language, through the local mail
 * catcher, so both are done locally the way they are done in the cloud.
 */

interface OobCode {
  email: string;
  oobCode: string;
  requestType: string;
}

/** The mail a kind of code goes out as, and the action page's `mode` that uses it. */
interface CodeMail {
  mode: string;
  subject: MessageKey;
  body: MessageKey;
  action: MessageKey;
}
const KINDS: Record<string, CodeMail> = {
  PASSWORD_RESET: { mode: "resetPassword", subject: "passwordResetSubject", body: "passwordResetBody", action: "passwordResetAction" },
  VERIFY_EMAIL: { mode: "verifyEmail", subject: "verifyEmailSubject", body: "verifyEmailBody", action: "verifyEmailAction" },
};

/** How often the emulator's codes are read: a person waits about this long for the mail to arrive. */
const POLL_MS = 500;

export function relayAuthMail(options: { emulatorUrl: string; projectId: string; appUrl: string }) {
  const seen = new Set<string>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The emulator is unreachable (stopping, restarting): said once, in one line, not with a stack every poll. */
  let unreachable = false;

  async function mail(code: OobCode, kind: CodeMail) {
    const user = await User.findByEmail(code.email);
    const to = user ? await Notify.recipient(user.userId) : undefined;
    const link = new URL("/auth/action", options.appUrl);
    link.searchParams.set("mode", kind.mode);
    link.searchParams.set("oobCode", code.oobCode);
    await Mailer.send(
      composeMail({
        language: to?.language ?? "en",
        to: code.email,
        name: to?.name,
        subject: kind.subject,
        paragraphs: [kind.body],
        values: { email: code.email },
        action: { label: kind.action, url: link.toString() },
      }),
    );
  }

  /** The first read only notes the codes already there (made before this run): they were mailed then, or never asked for now. */
  async function poll(first = false) {
    try {
      const response = await fetch(`${options.emulatorUrl}/emulator/v1/projects/${options.projectId}/oobCodes`);
      const { oobCodes = [] } = (await response.json()) as { oobCodes?: OobCode[] };
      if (unreachable) console.error("[auth mail] the Auth Emulator answers again");
      unreachable = false;
      for (const code of oobCodes) {
        const kind = KINDS[code.requestType];
        if (!kind || seen.has(code.oobCode)) continue;
        seen.add(code.oobCode);
        if (first) continue;
        await mail(code, kind).catch((error) => console.error(`[auth mail] ${kind.mode} link for ${code.email}:`, error));
      }
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      if (!unreachable)
        console.error(`[auth mail] the Auth Emulator's codes could not be read (${cause}); trying again every ${POLL_MS} ms`);
      unreachable = true;
    }
    if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
  }

  void poll(true);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
