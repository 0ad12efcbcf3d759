import * as React from "react";
import { MailWarning } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "./context";
import { errorCode } from "./errors";
import { resendVerification, useAddressVerified } from "./verification";

/** After a link is sent, Resend waits this long: the mail takes a moment, and the identity provider limits sends. */
const RESEND_WAIT_SECONDS = 60;

type Sending = { kind: "idle" } | { kind: "sending" } | { kind: "sent" } | { kind: "failed"; message: string };

/**
 * Shown above every page while the signed-in account's address is not verified: Quorum mails
 * no one at an address its owner has not confirmed. Goes away by itself once the link was opened.
 */
export function VerifyAddressNotice() {
  const { user } = useAuth();
  // What the sign-in said until the provider is asked again: the notice comes with the page, not a round trip after it.
  const verified = useAddressVerified(user?.uid ?? "") ?? user?.emailVerified;
  const { t } = useTranslation(["notify", "auth"]);
  const [sending, setSending] = React.useState<Sending>({ kind: "idle" });
  const [waiting, setWaiting] = React.useState(false);

  React.useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(false), RESEND_WAIT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [waiting]);

  async function resend() {
    setSending({ kind: "sending" });
    try {
      await resendVerification();
      setSending({ kind: "sent" });
      setWaiting(true);
    } catch (error) {
      const code = errorCode(error);
      const message =
        code === "auth/too-many-requests"
          ? t("verify.tooMany")
          : code === "auth/network-request-failed"
            ? t("auth:errors.network")
            : t("verify.failed");
      setSending({ kind: "failed", message });
    }
  }

  if (!user || verified !== false) return null;
  const email = user.email ?? "";
  return (
    // A landmark of its own: it sits between the header and the page's main content.
    <section
      aria-label={t("verify.title")}
      className="border-b border-amber-300/60 bg-amber-50 text-sm text-amber-950 dark:border-amber-500/30 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <div
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6"
        data-testid="verify-address-notice"
      >
        <MailWarning className="size-4 shrink-0" aria-hidden />
        <div className="min-w-64 flex-1">
          <p>{t("verify.notice", { email })}</p>
          <p aria-live="polite" className={sending.kind === "failed" ? "font-medium text-destructive" : undefined}>
            {sending.kind === "sent" && t("verify.sent", { email })}
            {sending.kind === "failed" && sending.message}
          </p>
        </div>
        <Button
          size="sm"
          variant="outline"
          className="h-7 bg-background"
          onClick={() => void resend()}
          disabled={sending.kind === "sending" || waiting}
        >
          {sending.kind === "sending" ? (
            <>
              <Spinner /> {t("verify.sending")}
            </>
          ) : (
            t("verify.resend")
          )}
        </Button>
      </div>
    </section>
  );
}
