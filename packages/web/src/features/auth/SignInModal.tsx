import * as React from "react";
import { useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { AlertCircle, CheckCircle2, Lock, Mail } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { GoogleIcon, LogoMark } from "@/components/brand/Logo";
import { PRODUCT_NAME } from "@/lib/product";
// Loaded with the modal, so a click opens the Google popup without waiting for a download (popup blockers).
import { passwordResetMail } from "./actions";
import { useAuth } from "./context";
import { AUTH_TEXT, AuthError, errorCode, passwordResetFailure } from "./errors";
import { OrDivider, TermsFooter } from "./parts";

/** The spec's redirect delay after a successful sign-in. */
const REDIRECT_DELAY_MS = 1000;

/** Both are needed; whether they match is the identity provider's to say. */
const Credentials = z.object({ email: z.string().trim().min(1), password: z.string().min(1) });

export interface SignInModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs instead of going to /chat after a successful sign-in. */
  onSuccess?: () => void;
}

export default function SignInModal({ open, onOpenChange, onSuccess }: SignInModalProps) {
  const { signInWithGoogle, signInWithEmail, loading } = useAuth();
  const navigate = useNavigate();
  const { t } = useTranslation("auth");
  // The one message is the form's, not a field's: focus stays where it was.
  const form = useForm({ resolver: zodResolver(Credentials), defaultValues: { email: "", password: "" }, shouldFocusError: false });
  const { resetField } = form;
  const [busy, setBusy] = React.useState<"google" | "email" | "reset" | null>(null);
  /** The address a reset link was just sent to. */
  const [resetSent, setResetSent] = React.useState<string | null>(null);
  const [error, setError] = React.useState<{ message: string; hint?: string } | null>(null);
  const [success, setSuccess] = React.useState(false);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  React.useEffect(() => () => clearTimeout(timer.current), []);
  React.useEffect(() => {
    if (open) return;
    resetField("password");
    setError(null);
    setSuccess(false);
    setBusy(null);
    setResetSent(null);
  }, [open, resetField]);

  function succeed() {
    setSuccess(true);
    timer.current = setTimeout(() => {
      onOpenChange(false);
      if (onSuccess) onSuccess();
      else void navigate({ to: "/chat" });
    }, REDIRECT_DELAY_MS);
  }

  function report(e: unknown) {
    if (e instanceof AuthError) setError({ message: e.message, hint: e.hint });
    else setError({ message: AUTH_TEXT.failedTryAgain });
  }

  async function google() {
    setError(null);
    setBusy("google");
    try {
      const user = await signInWithGoogle();
      if (user) succeed();
      else setError({ message: AUTH_TEXT.cancelledOrFailed });
    } catch (e) {
      report(e);
    } finally {
      setBusy(null);
    }
  }

  /** "Forgot password?": the identity provider mails a reset link to the address typed above. */
  async function forgot() {
    const email = form.getValues("email").trim();
    setError(null);
    setResetSent(null);
    if (!email) return setError({ message: t("reset.enterEmail") });
    setBusy("reset");
    try {
      await passwordResetMail(email);
      setResetSent(email);
    } catch (e) {
      setError({ message: passwordResetFailure(errorCode(e)) });
    } finally {
      setBusy(null);
    }
  }

  async function submit({ email, password }: z.infer<typeof Credentials>) {
    setError(null);
    setBusy("email");
    try {
      await signInWithEmail(email, password);
      succeed();
    } catch (e) {
      report(e);
    } finally {
      setBusy(null);
    }
  }

  const disabled = busy !== null || success;

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-w-md">
        <DialogHeader className="items-center text-center sm:text-center">
          <LogoMark className="mb-2 size-11" />
          <DialogTitle className="text-2xl">{t("signIn.title", { product: PRODUCT_NAME })}</DialogTitle>
          <DialogDescription>{t("signIn.description")}</DialogDescription>
        </DialogHeader>

        {success ? (
          <Alert variant="success" className="py-4">
            <CheckCircle2 />
            <AlertDescription className="font-medium">{AUTH_TEXT.success}</AlertDescription>
          </Alert>
        ) : (
          <div className="grid gap-4">
            <Button variant="outline" size="lg" onClick={google} disabled={disabled} className="w-full">
              {busy === "google" || (loading && busy !== null) ? <Spinner /> : <GoogleIcon />}
              {t("signIn.google")}
            </Button>
            <OrDivider />
            <form
              className="grid gap-3"
              onSubmit={form.handleSubmit(submit, () => setError({ message: AUTH_TEXT.bothRequired }))}
              noValidate
            >
              <Field id="signin-email" label={t("signIn.email")}>
                <Input
                  icon={Mail}
                  id="signin-email"
                  type="email"
                  autoComplete="email"
                  placeholder={t("signIn.emailPlaceholder")}
                  {...form.register("email")}
                  disabled={disabled}
                />
              </Field>
              <Field id="signin-password" label={t("signIn.password")}>
                <Input
                  icon={Lock}
                  id="signin-password"
                  type="password"
                  autoComplete="current-password"
                  placeholder={t("signIn.passwordPlaceholder")}
                  {...form.register("password")}
                  disabled={disabled}
                />
              </Field>
              <button
                type="button"
                className="-mt-1 justify-self-end text-xs font-medium text-primary hover:underline disabled:opacity-50"
                onClick={forgot}
                disabled={disabled}
              >
                {busy === "reset" ? t("reset.sending") : t("reset.forgot")}
              </button>
              {resetSent && (
                <Alert variant="success">
                  <CheckCircle2 />
                  <AlertDescription>{t("reset.sent", { email: resetSent })}</AlertDescription>
                </Alert>
              )}
              {error && (
                <Alert variant="destructive">
                  <AlertCircle />
                  <AlertDescription>
                    <p>{error.message}</p>
                    {error.hint && <p className="mt-1 text-xs opacity-80">{error.hint}</p>}
                  </AlertDescription>
                </Alert>
              )}
              <Button type="submit" size="lg" className="mt-1 w-full" disabled={disabled}>
                {busy === "email" && <Spinner />}
                {t("signIn.submit")}
              </Button>
            </form>
          </div>
        )}
        <TermsFooter />
      </DialogContent>
    </Dialog>
  );
}
