import * as React from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { AlertCircle, Mail, Send } from "lucide-react";
import { SUPPORT_CATEGORIES, SUPPORT_MAX_LENGTHS, SUPPORT_PRIORITIES, SupportForm } from "@quorum/core/support/schema";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OptionSelect } from "@/components/ui/option-select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useAuth } from "@/features/auth";
import { SUPPORT_EMAIL } from "@/lib/product";
import { EMPTY_FORM } from "./request";

/** Why the last attempt failed, and the e-mail that sends the same request instead. */
export interface SupportFailure {
  tooMany: boolean;
  mailto: string;
}

/**
 * The support request form, checked with the API's own rules. A signed-in user's name and
 * email are filled in, without overwriting what they typed.
 */
export function SupportRequestForm({
  busy,
  failure,
  onSubmit,
}: {
  busy: boolean;
  failure: SupportFailure | null;
  onSubmit: (form: SupportForm) => void;
}) {
  const { user } = useAuth();
  const { t } = useTranslation("support");
  const form = useForm({ resolver: zodResolver(SupportForm), defaultValues: EMPTY_FORM });
  const { register, control, formState, getValues, setValue } = form;
  const errors = formState.errors;

  React.useEffect(() => {
    if (!user) return;
    if (!getValues("name")) setValue("name", user.displayName ?? "");
    if (!getValues("email")) setValue("email", user.email ?? "");
  }, [user, getValues, setValue]);

  const invalid = (name: keyof typeof errors) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `support-${name}-error` } : {};

  return (
    <form className="grid gap-5" onSubmit={form.handleSubmit(onSubmit)}>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="support-name" label={t("name")} error={errors.name?.message}>
          <Input
            id="support-name"
            required
            autoComplete="name"
            disabled={busy}
            maxLength={SUPPORT_MAX_LENGTHS.name}
            {...register("name")}
            {...invalid("name")}
          />
        </Field>
        <Field id="support-email" label={t("email")} error={errors.email?.message}>
          <Input
            id="support-email"
            type="email"
            required
            autoComplete="email"
            disabled={busy}
            maxLength={SUPPORT_MAX_LENGTHS.email}
            {...register("email")}
            {...invalid("email")}
          />
        </Field>
      </div>
      <Field id="support-subject" label={t("subject")} error={errors.subject?.message}>
        <Input
          id="support-subject"
          required
          disabled={busy}
          maxLength={SUPPORT_MAX_LENGTHS.subject}
          placeholder={t("subjectPlaceholder")}
          {...register("subject")}
          {...invalid("subject")}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="support-category" label={t("category")}>
          <Controller
            control={control}
            name="category"
            render={({ field }) => (
              <OptionSelect
                id="support-category"
                value={field.value}
                options={SUPPORT_CATEGORIES}
                label={(option) => t(`category_${option}`)}
                onChange={field.onChange}
                disabled={busy}
              />
            )}
          />
        </Field>
        <Field id="support-priority" label={t("priority")}>
          <Controller
            control={control}
            name="priority"
            render={({ field }) => (
              <OptionSelect
                id="support-priority"
                value={field.value}
                options={SUPPORT_PRIORITIES}
                label={(option) => t(`priority_${option}`)}
                onChange={field.onChange}
                disabled={busy}
              />
            )}
          />
        </Field>
      </div>
      <Field id="support-message" label={t("message")} error={errors.message?.message}>
        <Textarea
          id="support-message"
          required
          rows={7}
          disabled={busy}
          maxLength={SUPPORT_MAX_LENGTHS.message}
          placeholder={t("messagePlaceholder")}
          {...register("message")}
          {...invalid("message")}
        />
      </Field>
      {failure && (
        <Alert variant="destructive">
          <AlertCircle />
          <AlertDescription>
            <p>{failure.tooMany ? t("tooMany") : t("failed")}</p>
            <a href={failure.mailto} className="mt-1 inline-flex items-center gap-1.5 font-medium underline underline-offset-2">
              <Mail className="size-4" /> {t("sendByEmail", { address: SUPPORT_EMAIL })}
            </a>
          </AlertDescription>
        </Alert>
      )}
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? <Spinner /> : <Send />}
          {busy ? t("sending") : t("submit")}
        </Button>
      </div>
    </form>
  );
}
