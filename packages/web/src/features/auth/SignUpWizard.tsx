import * as React from "react";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { i18next } from "@/i18n";
import { ArrowLeft, ArrowRight, CheckCircle2, Lock, Mail } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { GoogleIcon } from "@/components/brand/Logo";
import { toast } from "@/hooks/use-toast";
import { cn } from "@/lib/utils";
import { PLANS, type PlanId } from "@/lib/product";
import { PaymentStep } from "@/features/billing/PaymentStep";
import type { ExistingAccount, RegisterInput } from "@quorum/core/auth/schema";
import { checkAccount, registerProfile, trialEndFor } from "./api";
// Loaded with the modal, so a click opens the Google popup without waiting for a download (popup blockers).
import "./actions";
import { useAuth, type AuthUser } from "./context";
import { AuthError } from "./errors";
import { OrDivider, StepIndicator, TermsFooter } from "./parts";
import { PlanCard } from "./PlanCard";

const MIN_PASSWORD = 6;
const COMPLETE_DELAY_MS = 1000;

type Step = "plan" | "details" | "auth" | "done";

interface Details {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

const EMPTY: Details = { firstName: "", lastName: "", email: "", phoneNumber: "" };
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(details: Details): Partial<Record<keyof Details, string>> {
  const errors: Partial<Record<keyof Details, string>> = {};
  const t = (key: string) => i18next.t(`auth:signUp.${key}`);
  if (!details.firstName.trim()) errors.firstName = t("firstNameRequired");
  if (!details.lastName.trim()) errors.lastName = t("lastNameRequired");
  if (!details.email.trim()) errors.email = t("emailRequired");
  else if (!EMAIL_PATTERN.test(details.email.trim())) errors.email = t("emailInvalid");
  return errors;
}

export interface SignUpWizardProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialPlan?: PlanId;
  /** The email already has an account: the wizard closes and this opens 'Account Already Exists'. */
  onExistingAccount: (account: ExistingAccount) => void;
}

export default function SignUpWizard({ open, onOpenChange, initialPlan, onExistingAccount }: SignUpWizardProps) {
  const { signUpWithEmail, signInWithGoogle, signOut, loginSynced } = useAuth();
  const navigate = useNavigate();
  const { t } = useTranslation("auth");
  const [step, setStep] = React.useState<Step>(initialPlan ? "details" : "plan");
  const [plan, setPlan] = React.useState<PlanId>(initialPlan ?? "starter");
  const [details, setDetails] = React.useState<Details>(EMPTY);
  const [errors, setErrors] = React.useState<Partial<Record<keyof Details, string>>>({});
  const [password, setPassword] = React.useState("");
  const [busy, setBusy] = React.useState<"check" | "email" | "google" | null>(null);
  const [payment, setPayment] = React.useState<RegisterInput | null>(null);
  const [paid, setPaid] = React.useState(false);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  React.useEffect(() => () => clearTimeout(timer.current), []);
  React.useEffect(() => {
    if (!open) return;
    setStep(initialPlan ? "details" : "plan");
    setPlan(initialPlan ?? "starter");
    setPassword("");
    setErrors({});
    setPaid(false);
  }, [open, initialPlan]);

  const set = (field: keyof Details) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setDetails((d) => ({ ...d, [field]: e.target.value }));
    setErrors((errs) => ({ ...errs, [field]: undefined }));
  };

  function choosePlan(id: PlanId) {
    setPlan(id);
    setStep("details");
  }

  async function continueToAuth(event: React.FormEvent) {
    event.preventDefault();
    const found = validate(details);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy("check");
    const check = await checkAccount(details.email.trim());
    setBusy(null);
    if (check.exists) {
      onOpenChange(false);
      onExistingAccount(check.user);
      return;
    }
    setStep("auth");
  }

  function complete(withPayment: boolean) {
    setPaid(withPayment);
    setStep("done");
    timer.current = setTimeout(() => {
      onOpenChange(false);
      void navigate({ to: "/chat" });
    }, COMPLETE_DELAY_MS);
  }

  function registrationFor(user: AuthUser): RegisterInput {
    const firstName = details.firstName.trim();
    const lastName = details.lastName.trim();
    return {
      firebaseUid: user.uid,
      email: user.email ?? details.email.trim(),
      displayName: `${firstName} ${lastName}`,
      firstName,
      lastName,
      phoneNumber: details.phoneNumber.trim(),
      plan,
      trialEndsAt: trialEndFor(plan),
    };
  }

  /** After the account exists: the professional plan pays first, the others register directly. */
  async function finish(user: AuthUser) {
    const registration = registrationFor(user);
    if (plan === "professional") {
      setPayment(registration);
      return;
    }
    try {
      // Register after the login sync so the two never race to create the same record.
      await loginSynced(user.uid);
      await registerProfile(registration);
    } catch (error) {
      console.error("Registration failed", error);
      toast({
        title: t("signUp.registrationError"),
        description: t("signUp.registrationErrorText"),
        variant: "destructive",
      });
    }
    complete(false);
  }

  async function createWithEmail(event: React.FormEvent) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD) {
      toast({ title: t("signUp.passwordRequired"), description: t("signUp.passwordTooShort"), variant: "destructive" });
      return;
    }
    setBusy("email");
    let user: AuthUser;
    try {
      user = await signUpWithEmail(details.email.trim(), password, `${details.firstName.trim()} ${details.lastName.trim()}`);
    } catch (error) {
      console.error("Sign-up failed", error);
      toast({ title: t("signUp.signupFailed"), description: t("signUp.signupFailedText"), variant: "destructive" });
      setBusy(null);
      return;
    }
    await finish(user);
    setBusy(null);
  }

  async function createWithGoogle() {
    setBusy("google");
    try {
      const user = await signInWithGoogle();
      if (user) await finish(user);
    } catch (error) {
      toast({
        title: t("signUp.signupFailed"),
        description: error instanceof AuthError ? error.message : t("signUp.creationFailed"),
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  }

  const chosen = PLANS.find((p) => p.id === plan) ?? PLANS[0]!;
  const stepNumber = step === "plan" ? 1 : step === "details" ? 2 : 3;

  return (
    <>
      <Dialog open={open && payment === null} onOpenChange={(next) => !busy && step !== "done" && onOpenChange(next)}>
        <DialogContent className={cn("transition-[max-width]", step === "plan" ? "max-w-4xl" : "max-w-md")}>
          {step !== "done" && <StepIndicator step={stepNumber} total={3} />}

          {step === "plan" && (
            <>
              <DialogHeader className="text-center sm:text-center">
                <DialogTitle className="text-2xl">{t("signUp.choosePlan")}</DialogTitle>
                <DialogDescription>{t("signUp.choosePlanText")}</DialogDescription>
              </DialogHeader>
              <div className="grid gap-5 pt-3 md:grid-cols-3">
                {PLANS.map((p) => (
                  <PlanCard key={p.id} plan={p} compact selected={p.id === plan} onSelect={() => choosePlan(p.id)} />
                ))}
              </div>
            </>
          )}

          {step === "details" && (
            <>
              <DialogHeader>
                <DialogTitle className="text-2xl">{t("signUp.aboutYou")}</DialogTitle>
                <DialogDescription>
                  {t("signUp.planSummary", { plan: chosen.name, price: `${chosen.price}${chosen.period ?? ""}` })}
                </DialogDescription>
              </DialogHeader>
              <form className="grid gap-4" onSubmit={continueToAuth} noValidate>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field id="signup-first" label={t("signUp.firstName")} error={errors.firstName}>
                    <Input
                      id="signup-first"
                      autoComplete="given-name"
                      value={details.firstName}
                      onChange={set("firstName")}
                      aria-invalid={!!errors.firstName}
                    />
                  </Field>
                  <Field id="signup-last" label={t("signUp.lastName")} error={errors.lastName}>
                    <Input
                      id="signup-last"
                      autoComplete="family-name"
                      value={details.lastName}
                      onChange={set("lastName")}
                      aria-invalid={!!errors.lastName}
                    />
                  </Field>
                </div>
                <Field id="signup-email" label={t("signUp.email")} error={errors.email}>
                  <Input
                    id="signup-email"
                    type="email"
                    autoComplete="email"
                    placeholder={t("signIn.emailPlaceholder")}
                    value={details.email}
                    onChange={set("email")}
                    aria-invalid={!!errors.email}
                  />
                </Field>
                <Field id="signup-phone" label={t("signUp.phone")} optional>
                  <Input id="signup-phone" type="tel" autoComplete="tel" value={details.phoneNumber} onChange={set("phoneNumber")} />
                </Field>
                <div className="flex items-center justify-between gap-2 pt-1">
                  <Button variant="ghost" onClick={() => setStep("plan")} disabled={busy !== null}>
                    <ArrowLeft /> {t("signUp.back")}
                  </Button>
                  <Button type="submit" disabled={busy !== null}>
                    {busy === "check" ? <Spinner /> : null}
                    {t("signUp.continue")} <ArrowRight />
                  </Button>
                </div>
              </form>
            </>
          )}

          {step === "auth" && (
            <>
              <DialogHeader>
                <DialogTitle className="text-2xl">{t("signUp.createTitle")}</DialogTitle>
                <DialogDescription>{t("signUp.createText", { name: details.firstName.trim(), plan: chosen.name })}</DialogDescription>
              </DialogHeader>
              <Button variant="outline" size="lg" className="w-full" onClick={createWithGoogle} disabled={busy !== null}>
                {busy === "google" ? <Spinner /> : <GoogleIcon />}
                {t("signUp.google")}
              </Button>
              <OrDivider />
              <form className="grid gap-3" onSubmit={createWithEmail} noValidate>
                <div className="grid gap-1.5">
                  <Label htmlFor="signup-auth-email">{t("signUp.email")}</Label>
                  <div className="relative">
                    <Mail className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
                    <Input id="signup-auth-email" type="email" readOnly value={details.email.trim()} className="pl-9" />
                  </div>
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="signup-password">{t("signUp.password")}</Label>
                  <div className="relative">
                    <Lock className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
                    <Input
                      id="signup-password"
                      type="password"
                      autoComplete="new-password"
                      placeholder={t("signUp.passwordPlaceholder")}
                      className="pl-9"
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                      disabled={busy !== null}
                    />
                  </div>
                </div>
                <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy !== null}>
                  {busy === "email" && <Spinner />}
                  {t("signUp.createAccount")}
                </Button>
              </form>
              <Button
                variant="ghost"
                size="sm"
                className="justify-self-center text-muted-foreground"
                onClick={() => setStep("details")}
                disabled={busy !== null}
              >
                <ArrowLeft /> {t("signUp.backToDetails")}
              </Button>
              <TermsFooter />
            </>
          )}

          {step === "done" && (
            <div className="grid place-items-center gap-3 py-6 text-center" role="status">
              <CheckCircle2 className="size-12 text-success" />
              <DialogTitle className="text-2xl">{paid ? t("signUp.paymentSuccessful") : t("signUp.accountCreated")}</DialogTitle>
              <DialogDescription>{t("signUp.takingYou")}</DialogDescription>
            </div>
          )}
        </DialogContent>
      </Dialog>
      <PaymentStep
        open={payment !== null}
        registration={payment ?? undefined}
        onSuccess={() => {
          setPayment(null);
          complete(true);
        }}
        onCancel={() => {
          // Without payment there is no professional account to finish: leave signed out, as the upgrade flow does.
          setPayment(null);
          onOpenChange(false);
          void signOut();
        }}
      />
    </>
  );
}

function Field({
  id,
  label,
  error,
  optional,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  optional?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        {label} {optional && <span className="font-normal text-muted-foreground">{t("signUp.optional")}</span>}
      </Label>
      {children}
      {error && (
        <p className="text-xs font-medium text-destructive" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
