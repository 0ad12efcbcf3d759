import { useTranslation } from "react-i18next";
import { ArrowLeft, ArrowRight } from "lucide-react";
import { SIGN_UP_MESSAGES, type SignUpDetails } from "@quorum/core/auth/schema";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import type { PlanTier } from "@/lib/product";
import type { DetailsForm, SignUpBusy } from "./useSignUp";

type Name = keyof SignUpDetails;

/** Step 2: who is signing up. The rules are the registration's; the messages are said in the language on screen. */
export function DetailsStep({
  form,
  plan,
  busy,
  onBack,
  onSubmit,
}: {
  form: DetailsForm;
  plan: PlanTier;
  busy: SignUpBusy;
  onBack: () => void;
  onSubmit: (details: SignUpDetails) => void;
}) {
  const { t } = useTranslation("auth");
  const { errors } = form.formState;

  /** Core's message by its name in the `auth` catalog; a rule without one (a length) says the server's words. */
  const message = (name: Name) => {
    const text = errors[name]?.message;
    const key = Object.entries(SIGN_UP_MESSAGES).find(([, english]) => english === text)?.[0];
    return key ? t(`signUp.${key}`) : text;
  };
  /** An input's registration, its validity for assistive technology, and its message cleared once edited. */
  const control = (name: Name, id: string) => ({
    id,
    ...form.register(name, { onChange: () => form.clearErrors(name) }),
    "aria-invalid": !!errors[name],
    "aria-describedby": errors[name] ? `${id}-error` : undefined,
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle className="text-2xl">{t("signUp.aboutYou")}</DialogTitle>
        <DialogDescription>{t("signUp.planSummary", { plan: plan.name, price: `${plan.price}${plan.period ?? ""}` })}</DialogDescription>
      </DialogHeader>
      <form className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="signup-first" label={t("signUp.firstName")} error={message("firstName")}>
            <Input autoComplete="given-name" {...control("firstName", "signup-first")} />
          </Field>
          <Field id="signup-last" label={t("signUp.lastName")} error={message("lastName")}>
            <Input autoComplete="family-name" {...control("lastName", "signup-last")} />
          </Field>
        </div>
        <Field id="signup-email" label={t("signUp.email")} error={message("email")}>
          <Input type="email" autoComplete="email" placeholder={t("signIn.emailPlaceholder")} {...control("email", "signup-email")} />
        </Field>
        <Field id="signup-phone" label={t("signUp.phone")} hint={t("signUp.optional")} error={message("phoneNumber")}>
          <Input type="tel" autoComplete="tel" {...control("phoneNumber", "signup-phone")} />
        </Field>
        <div className="flex items-center justify-between gap-2 pt-1">
          <Button variant="ghost" onClick={onBack} disabled={busy !== null}>
            <ArrowLeft /> {t("signUp.back")}
          </Button>
          <Button type="submit" disabled={busy !== null}>
            {busy === "check" ? <Spinner /> : null}
            {t("signUp.continue")} <ArrowRight />
          </Button>
        </div>
      </form>
    </>
  );
}
