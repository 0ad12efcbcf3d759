import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Check, Lock, RefreshCw, Sparkles } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { i18next } from "@/i18n";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { ApiError, apiJson } from "@/lib/api";
import { PLANS, PRODUCT_NAME } from "@/lib/product";
import { useAuth } from "@/features/auth/context";
import type { RegisterInput } from "@quorum/core/auth/schema";
import type { PaymentSetup } from "@quorum/core/billing/schema";
import { registerProfile, trialEndFor } from "@/features/auth/api";
import { profileKey, type Profile } from "@/features/profile/queries";
import { activateSubscription, createPaymentIntent, formatDay, formatCents } from "./api";
import { usageKey } from "./queries";
import { TestCardForm } from "./TestCardForm";

// Stripe.js and Elements load only when a stage really takes card payments.
const StripeCardForm = React.lazy(() => import("./StripeCardForm"));

/**
 * THE seam for the professional plan's payment.
 * The sign-up wizard and the existing-account upgrade open this for the professional plan.
 *
 * - `onSuccess` runs after the payment succeeded AND, when `registration` is given, after the
 *   profile was registered with it (POST /api/auth/register) and the subscription set active
 *   (POST /api/update-subscription). Without `registration` (an upgrade) the signed-in user's
 *   profile is registered with the professional plan and its trial end, then set active.
 *   The caller then shows 'Payment Successful!' and finishes.
 * - `onCancel` runs when the user gives up; the caller decides what that means
 *   (the existing-account upgrade signs the user out).
 */
export interface PaymentStepProps {
  open: boolean;
  /** The sign-up details to register once paid; absent for an upgrade of an existing profile. */
  registration?: RegisterInput;
  onSuccess: () => void;
  onCancel: () => void;
}

/** What a card form reports back to the modal. */
export interface CardFormProps {
  setup: PaymentSetup;
  payLabel: string;
  processing: boolean;
  onProcessing: (processing: boolean) => void;
  onPaid: () => void;
  onSetupError: (error: unknown) => void;
}

type Phase = "setup" | "ready" | "setup-failed" | "finishing";

const PROFESSIONAL = PLANS.find((p) => p.id === "professional")!;

export function PaymentStep({ open, registration, onSuccess, onCancel }: PaymentStepProps) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const { t } = useTranslation("billing");
  const [phase, setPhase] = React.useState<Phase>("setup");
  const [setup, setSetup] = React.useState<PaymentSetup | null>(null);
  const [processing, setProcessing] = React.useState(false);
  const [attempt, setAttempt] = React.useState(0);
  const [setupProblem, setSetupProblem] = React.useState<string | null>(null);
  // One intent per opening, even when React runs the effect twice (StrictMode).
  const pending = React.useRef<Promise<PaymentSetup> | null>(null);

  const setupFailed = React.useCallback((error: unknown) => {
    console.error("Payment setup failed", error);
    pending.current = null;
    // The toast is the spec's; the modal also says why when the server told us (e.g. no payments on this stage).
    setSetupProblem(error instanceof ApiError && error.status !== 500 ? error.detail : null);
    setPhase("setup-failed");
    toast({
      title: i18next.t("billing:payment.setupError"),
      description: i18next.t("billing:payment.setupErrorText"),
      variant: "destructive",
    });
  }, []);

  React.useEffect(() => {
    if (!open) {
      pending.current = null;
      setSetup(null);
      setPhase("setup");
      setProcessing(false);
      return;
    }
    let live = true;
    setPhase("setup");
    pending.current ??= createPaymentIntent();
    pending.current.then(
      (answer) => {
        if (!live) return;
        setSetup(answer);
        setPhase("ready");
      },
      (error: unknown) => {
        if (live) setupFailed(error);
      },
    );
    return () => {
      live = false;
    };
  }, [open, attempt, setupFailed]);

  /** After the provider took the money: register (plan, trial end), then ask the server to activate. */
  async function finishPurchase() {
    setPhase("finishing");
    const uid = registration?.firebaseUid ?? user?.uid;
    try {
      if (registration) await registerProfile(registration);
      else if (uid) await registerUpgrade(uid);
      if (uid) await activateSubscription(uid);
      toast({
        title: t("payment.successful"),
        description: trial
          ? t("payment.trialStarted", { plan: PROFESSIONAL.name, date: formatDay(setup?.trialEndsAt ?? undefined) })
          : t("payment.planActive", { plan: PROFESSIONAL.name }),
      });
    } catch (error) {
      console.error("Profile setup after payment failed", error);
      toast({
        title: t("payment.registrationError"),
        description: t("payment.registrationErrorText"),
        variant: "destructive",
      });
    }
    if (uid) await queryClient.invalidateQueries({ queryKey: profileKey(uid) });
    await queryClient.invalidateQueries({ queryKey: usageKey });
    setProcessing(false);
    onSuccess();
  }

  const busy = processing || phase === "finishing";
  const price = setup ? formatCents(setup.amount, setup.currency) : null;
  const testMode = setup?.provider === "test";
  // The free trial saves the card now and charges it first when the trial ends.
  const trial = setup?.intentType === "setup";
  const dueToday = setup ? (trial ? formatCents(0, setup.currency) : price) : null;
  const payLabel = trial ? t("payment.startTrial") : t("payment.pay", { amount: price });
  const interval = setup?.interval ?? "month";

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <DialogContent className="max-w-[440px] gap-0 overflow-hidden p-0" hideClose={busy} aria-describedby="payment-summary">
        <div className="relative border-b bg-gradient-to-br from-primary/12 via-primary/5 to-transparent px-6 pb-5 pt-6">
          <div className="flex items-center gap-3 pr-6">
            <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm shadow-primary/30">
              <Sparkles className="size-5" />
            </div>
            <div className="min-w-0">
              <DialogTitle className="text-xl">{t("payment.title")}</DialogTitle>
              <DialogDescription id="payment-summary">
                {t("payment.summary", { product: PRODUCT_NAME, plan: PROFESSIONAL.name, interval })}
              </DialogDescription>
            </div>
          </div>
          <div className="mt-5 flex items-end justify-between gap-4">
            <div>
              <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">{t("payment.dueToday")}</p>
              {phase === "setup-failed" ? (
                <p className="mt-0.5 text-3xl font-semibold tracking-tight text-muted-foreground/60">—</p>
              ) : dueToday ? (
                <p className="mt-0.5 text-3xl font-semibold tracking-tight tabular-nums" data-testid="payment-amount">
                  {dueToday}
                  {!trial && (
                    <span className="ml-1 text-sm font-normal text-muted-foreground">{t("payment.perInterval", { interval })}</span>
                  )}
                </p>
              ) : (
                <Skeleton className="mt-1.5 h-8 w-32" />
              )}
            </div>
            <span className="rounded-full border border-primary/30 bg-background/70 px-2.5 py-0.5 text-xs font-semibold text-primary">
              {t("payment.mostPopular")}
            </span>
          </div>
          {setup && (
            <p className="mt-3 text-sm text-foreground/85" data-testid="payment-terms">
              {trial ? (
                <Trans
                  t={t}
                  i18nKey="payment.trialTerms"
                  values={{ price, interval, date: formatDay(setup.trialEndsAt ?? undefined) }}
                  components={{ strong: <strong /> }}
                />
              ) : (
                t("payment.paidTerms", { price, interval })
              )}
            </p>
          )}
          <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
            {PROFESSIONAL.features.slice(0, 4).map((feature) => (
              <li key={feature} className="flex items-center gap-1.5 text-foreground/85">
                <Check className="size-3.5 shrink-0 text-primary" strokeWidth={3} />
                {feature}
              </li>
            ))}
          </ul>
        </div>

        <div className="grid gap-4 px-6 py-5">
          {phase === "setup" && <SettingUp />}
          {phase === "setup-failed" && (
            <div className="grid place-items-center gap-3 rounded-lg border border-dashed py-8 text-center">
              <p className="max-w-[32ch] text-sm text-muted-foreground">{setupProblem ?? t("payment.setupErrorText")}</p>
              <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                <RefreshCw /> {t("payment.tryAgain")}
              </Button>
            </div>
          )}
          {(phase === "ready" || phase === "finishing") && setup && (
            <React.Suspense fallback={<SettingUp />}>
              {testMode ? (
                <TestCardForm
                  setup={setup}
                  payLabel={payLabel}
                  processing={busy}
                  onProcessing={setProcessing}
                  onPaid={finishPurchase}
                  onSetupError={setupFailed}
                />
              ) : (
                <StripeCardForm
                  setup={setup}
                  payLabel={payLabel}
                  processing={busy}
                  onProcessing={setProcessing}
                  onPaid={finishPurchase}
                  onSetupError={setupFailed}
                />
              )}
            </React.Suspense>
          )}
          <Button variant="ghost" size="sm" className="justify-self-center text-muted-foreground" onClick={onCancel} disabled={busy}>
            {t("payment.cancel")}
          </Button>
        </div>

        <div className="flex items-center justify-center gap-1.5 border-t bg-muted/40 px-6 py-3 text-xs text-muted-foreground">
          <Lock className="size-3.5" />
          {t(!setup ? "payment.secure" : testMode ? "payment.testMode" : "payment.stripe")}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function SettingUp() {
  const { t } = useTranslation("billing");
  return (
    <div className="grid gap-3" aria-busy="true">
      <div className="flex items-center justify-center gap-2 py-1 text-sm text-muted-foreground" role="status">
        <Spinner /> {t("payment.settingUp")}
      </div>
      <Skeleton className="h-10 w-full" />
      <div className="grid grid-cols-2 gap-3">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

/** An upgrade has no sign-up form: the stored profile supplies the registration (plan, trial end). */
async function registerUpgrade(uid: string) {
  const profile = await apiJson<Profile>("GET", `/api/users/${encodeURIComponent(uid)}`);
  if (!profile?.firstName || !profile.lastName) return;
  await registerProfile({
    firebaseUid: uid,
    email: profile.email,
    displayName: profile.displayName || `${profile.firstName} ${profile.lastName}`,
    firstName: profile.firstName,
    lastName: profile.lastName,
    phoneNumber: profile.phoneNumber ?? "",
    plan: "professional",
    trialEndsAt: trialEndFor("professional"),
  });
}
