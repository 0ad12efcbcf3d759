import * as React from "react";
import { useNavigate } from "@tanstack/react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { SignUpDetails, type ExistingAccount, type RegisterInput } from "@quorum/core/auth/schema";
import { toast } from "@/hooks/use-toast";
import type { PlanId } from "@/lib/product";
import { checkAccount, registerProfile, trialEndFor } from "../api";
import { useAuth, type AuthUser } from "../context";
import { AuthError } from "../errors";

/** How long 'Account created!' shows before the workspace opens. */
const COMPLETE_DELAY_MS = 1000;

export type SignUpStep = "plan" | "details" | "auth" | "done";
/** What the wizard is waiting for: the account check, the email sign-up, or Google's popup. */
export type SignUpBusy = "check" | "email" | "google" | null;

export type DetailsForm = ReturnType<typeof useDetailsForm>;

const EMPTY = { firstName: "", lastName: "", email: "", phoneNumber: "" };

/** The "about you" fields, checked with the registration's own rules; an edited field drops its message until the next Continue. */
function useDetailsForm() {
  return useForm<z.input<typeof SignUpDetails>, unknown, SignUpDetails>({
    resolver: zodResolver(SignUpDetails),
    defaultValues: EMPTY,
    reValidateMode: "onSubmit",
    // As before the form library: the messages show, the focus stays on Continue.
    shouldFocusError: false,
  });
}

export interface SignUpOptions {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialPlan?: PlanId;
  /** The email already has an account: the wizard closes and this opens 'Account Already Exists'. */
  onExistingAccount: (account: ExistingAccount) => void;
}

/**
 * The sign-up wizard's state: plan, then the person (checked against existing accounts),
 * then the account (email or Google); Professional pays before it is registered.
 */
export function useSignUp({ open, onOpenChange, initialPlan, onExistingAccount }: SignUpOptions) {
  const { signUpWithEmail, signInWithGoogle, signOut, loginSynced } = useAuth();
  const navigate = useNavigate();
  const { t } = useTranslation("auth");
  const [step, setStep] = React.useState<SignUpStep>(initialPlan ? "details" : "plan");
  const [plan, setPlan] = React.useState<PlanId>(initialPlan ?? "starter");
  const details = useDetailsForm();
  // The details as the account check accepted them (trimmed).
  const [person, setPerson] = React.useState<SignUpDetails | null>(null);
  const [busy, setBusy] = React.useState<SignUpBusy>(null);
  const [payment, setPayment] = React.useState<RegisterInput | null>(null);
  const [paid, setPaid] = React.useState(false);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { clearErrors } = details;

  React.useEffect(() => () => clearTimeout(timer.current), []);
  React.useEffect(() => {
    if (!open) return;
    setStep(initialPlan ? "details" : "plan");
    setPlan(initialPlan ?? "starter");
    clearErrors();
    setPaid(false);
  }, [open, initialPlan, clearErrors]);

  function choosePlan(id: PlanId) {
    setPlan(id);
    setStep("details");
  }

  async function continueToAuth(checked: SignUpDetails) {
    setBusy("check");
    const check = await checkAccount(checked.email);
    setBusy(null);
    if (check.exists) {
      onOpenChange(false);
      onExistingAccount(check.user);
      return;
    }
    setPerson(checked);
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

  function registrationFor(user: AuthUser, { firstName, lastName, email, phoneNumber }: SignUpDetails): RegisterInput {
    return {
      firebaseUid: user.uid,
      email: user.email ?? email,
      displayName: `${firstName} ${lastName}`,
      firstName,
      lastName,
      phoneNumber: phoneNumber ?? "",
      plan,
      trialEndsAt: trialEndFor(plan),
    };
  }

  /** After the account exists: the professional plan pays first, the others register directly. */
  async function finish(user: AuthUser) {
    const registration = registrationFor(user, person!);
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
      toast({ title: t("signUp.registrationError"), description: t("signUp.registrationErrorText"), variant: "destructive" });
    }
    complete(false);
  }

  async function createWithEmail(password: string) {
    setBusy("email");
    let user: AuthUser;
    try {
      user = await signUpWithEmail(person!.email, password, `${person!.firstName} ${person!.lastName}`);
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

  function paymentDone() {
    setPayment(null);
    complete(true);
  }

  function paymentCancelled() {
    // Without payment there is no professional account to finish: leave signed out, as the upgrade flow does.
    setPayment(null);
    onOpenChange(false);
    void signOut();
  }

  return {
    step,
    setStep,
    plan,
    choosePlan,
    details,
    person,
    busy,
    payment,
    paid,
    continueToAuth,
    createWithEmail,
    createWithGoogle,
    paymentDone,
    paymentCancelled,
  };
}
