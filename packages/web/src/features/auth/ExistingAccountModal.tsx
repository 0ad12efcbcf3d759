import * as React from "react";
import { useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { CheckCircle2, Lock, Sparkles, UserRound } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { GoogleIcon } from "@/components/brand/Logo";
import { toast } from "@/hooks/use-toast";
import { planLabel, PLANS } from "@/lib/product";
import { PaymentStep } from "@/features/billing/OnDemandPaymentStep";
import type { ExistingAccount } from "@quorum/core/auth/schema";
import { checkAccount } from "./api";
// Loaded with the modal, so a click opens the Google popup without waiting for a download (popup blockers).
import { passwordResetMail } from "./actions";
import { useAuth } from "./context";
import { AUTH_TEXT, AuthError, errorCode, passwordResetFailure } from "./errors";
import { OrDivider } from "./parts";

const COMPLETE_DELAY_MS = 1000;
/** The account's password, to be checked by the identity provider. */
const Password = z.object({ password: z.string().min(1) });
const PROFESSIONAL = PLANS.find((p) => p.id === "professional")!;

type Phase = "sign-in" | "upgrade" | "paying" | "welcome";

export interface ExistingAccountModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account: ExistingAccount | null;
}

/** Free plans are offered the professional upgrade after signing in. */
function offersUpgrade(plan: string | undefined) {
  return plan === "starter" || plan === "basic";
}

export default function ExistingAccountModal({ open, onOpenChange, account }: ExistingAccountModalProps) {
  const { signInWithEmail, signInWithGoogle, signOut } = useAuth();
  const navigate = useNavigate();
  const { t } = useTranslation("auth");
  const form = useForm({ resolver: zodResolver(Password), defaultValues: { password: "" } });
  const { reset } = form;
  const [busy, setBusy] = React.useState<"email" | "google" | null>(null);
  const [phase, setPhase] = React.useState<Phase>("sign-in");
  // Before sign-in the server names only the email; the name and plan arrive once the holder signs in.
  const [details, setDetails] = React.useState<ExistingAccount | null>(account);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  React.useEffect(() => () => clearTimeout(timer.current), []);
  React.useEffect(() => {
    if (!open) return;
    reset();
    setPhase("sign-in");
    setDetails(account);
  }, [open, account, reset]);

  if (!account) return null;
  const known = details ?? account;
  const fullName = [known.firstName, known.lastName].filter(Boolean).join(" ");

  function complete() {
    setPhase("welcome");
    timer.current = setTimeout(() => {
      onOpenChange(false);
      void navigate({ to: "/chat" });
    }, COMPLETE_DELAY_MS);
  }

  async function signedIn() {
    const check = await checkAccount(account!.email);
    const plan = check.exists ? check.user.plan : undefined;
    if (check.exists) setDetails(check.user);
    if (offersUpgrade(plan)) setPhase("upgrade");
    else complete();
  }

  function passwordMissing() {
    toast({ title: t("existing.passwordRequired"), description: t("existing.enterPassword"), variant: "destructive" });
  }

  async function withPassword({ password }: z.infer<typeof Password>) {
    setBusy("email");
    try {
      await signInWithEmail(account!.email, password);
      await signedIn();
    } catch (error) {
      toast({
        title: t("existing.signInFailed"),
        description: error instanceof AuthError ? error.message : AUTH_TEXT.failedTryAgain,
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  }

  async function withGoogle() {
    setBusy("google");
    try {
      if (await signInWithGoogle()) await signedIn();
    } catch (error) {
      toast({
        title: t("existing.loginFailed"),
        description: error instanceof AuthError ? error.message : AUTH_TEXT.failedTryAgain,
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  }

  async function resetPassword() {
    try {
      await passwordResetMail(account!.email);
      toast({ title: t("existing.checkEmail"), description: t("reset.sent", { email: account!.email }) });
    } catch (error) {
      toast({ title: t("reset.notSent"), description: passwordResetFailure(errorCode(error)), variant: "destructive" });
    }
  }

  return (
    <>
      <Dialog open={open && phase !== "paying"} onOpenChange={(next) => !busy && phase === "sign-in" && onOpenChange(next)}>
        <DialogContent className="max-w-md">
          {phase === "sign-in" && (
            <>
              <DialogHeader>
                <DialogTitle className="text-2xl">{t("existing.title")}</DialogTitle>
                <DialogDescription>{t("existing.description")}</DialogDescription>
              </DialogHeader>
              <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-4">
                <div className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <UserRound className="size-5" />
                </div>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{fullName || known.email}</p>
                  {fullName && <p className="truncate text-sm text-muted-foreground">{known.email}</p>}
                </div>
                {known.plan && <Badge variant="secondary">{planLabel(known.plan)}</Badge>}
              </div>
              <Button variant="outline" size="lg" className="w-full" onClick={withGoogle} disabled={busy !== null}>
                {busy === "google" ? <Spinner /> : <GoogleIcon />}
                {t("existing.google")}
              </Button>
              <OrDivider />
              <form className="grid gap-3" onSubmit={form.handleSubmit(withPassword, passwordMissing)} noValidate>
                <div className="grid gap-1.5">
                  <div className="flex items-center justify-between">
                    <Label htmlFor="existing-password">{t("existing.password")}</Label>
                    <button type="button" className="text-xs font-medium text-primary hover:underline" onClick={resetPassword}>
                      {t("existing.resetPassword")}
                    </button>
                  </div>
                  <Input
                    icon={Lock}
                    id="existing-password"
                    type="password"
                    autoComplete="current-password"
                    {...form.register("password")}
                    disabled={busy !== null}
                  />
                </div>
                <DialogFooter className="pt-1">
                  <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy !== null}>
                    {t("existing.cancel")}
                  </Button>
                  <Button type="submit" disabled={busy !== null}>
                    {busy === "email" && <Spinner />}
                    {t("existing.signIn")}
                  </Button>
                </DialogFooter>
              </form>
            </>
          )}

          {phase === "upgrade" && (
            <>
              <DialogHeader>
                <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Sparkles className="size-5" />
                </div>
                <DialogTitle className="text-2xl">{t("existing.upgradeTitle")}</DialogTitle>
                <DialogDescription>
                  {t("existing.upgradeText", { plan: planLabel(known.plan), price: PROFESSIONAL.price })}
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button variant="outline" onClick={complete}>
                  {t("existing.notNow")}
                </Button>
                <Button onClick={() => setPhase("paying")}>{t("existing.upgrade")}</Button>
              </DialogFooter>
            </>
          )}

          {phase === "welcome" && (
            <div className="grid place-items-center gap-3 py-6 text-center" role="status">
              <CheckCircle2 className="size-12 text-success" />
              <DialogTitle className="text-2xl">{t("existing.welcomeBack")}</DialogTitle>
              <DialogDescription>{t("existing.takingYou")}</DialogDescription>
            </div>
          )}
        </DialogContent>
      </Dialog>
      <PaymentStep
        open={open && phase === "paying"}
        onSuccess={complete}
        onCancel={() => {
          onOpenChange(false);
          void signOut();
        }}
      />
    </>
  );
}
