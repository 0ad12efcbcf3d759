import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ArrowLeft, Lock, Mail } from "lucide-react";
import { PASSWORD_MIN_LENGTH } from "@quorum/core/auth/schema";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { GoogleIcon } from "@/components/brand/Logo";
import { toast } from "@/hooks/use-toast";
import { OrDivider, TermsFooter } from "../parts";
import type { SignUpBusy } from "./useSignUp";

/** The identity provider's own rule for a new password. */
const NewPassword = z.object({ password: z.string().min(PASSWORD_MIN_LENGTH) });

/** Step 3: the account itself, with Google or with the email given and a new password. */
export function AccountStep({
  name,
  planName,
  email,
  busy,
  onGoogle,
  onPassword,
  onBack,
}: {
  name: string;
  planName: string;
  email: string;
  busy: SignUpBusy;
  onGoogle: () => void;
  onPassword: (password: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation("auth");
  const form = useForm({ resolver: zodResolver(NewPassword), defaultValues: { password: "" } });
  const tooShort = () =>
    toast({
      title: t("signUp.passwordRequired"),
      description: t("signUp.passwordTooShort", { min: PASSWORD_MIN_LENGTH }),
      variant: "destructive",
    });

  return (
    <>
      <DialogHeader>
        <DialogTitle className="text-2xl">{t("signUp.createTitle")}</DialogTitle>
        <DialogDescription>{t("signUp.createText", { name, plan: planName })}</DialogDescription>
      </DialogHeader>
      <Button variant="outline" size="lg" className="w-full" onClick={onGoogle} disabled={busy !== null}>
        {busy === "google" ? <Spinner /> : <GoogleIcon />}
        {t("signUp.google")}
      </Button>
      <OrDivider />
      <form className="grid gap-3" onSubmit={form.handleSubmit(({ password }) => onPassword(password), tooShort)} noValidate>
        <Field id="signup-auth-email" label={t("signUp.email")}>
          <Input icon={Mail} id="signup-auth-email" type="email" readOnly value={email} />
        </Field>
        <Field id="signup-password" label={t("signUp.password")}>
          <Input
            icon={Lock}
            id="signup-password"
            type="password"
            autoComplete="new-password"
            placeholder={t("signUp.passwordPlaceholder", { min: PASSWORD_MIN_LENGTH })}
            {...form.register("password")}
            disabled={busy !== null}
          />
        </Field>
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy !== null}>
          {busy === "email" && <Spinner />}
          {t("signUp.createAccount")}
        </Button>
      </form>
      <Button variant="ghost" size="sm" className="justify-self-center text-muted-foreground" onClick={onBack} disabled={busy !== null}>
        <ArrowLeft /> {t("signUp.backToDetails")}
      </Button>
      <TermsFooter />
    </>
  );
}
