import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PROFILE_MAX_LENGTHS } from "@quorum/core/user/schema";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ProfileFieldName, ProfileFormValues } from "./profile-form";

/** One text field of the profile form: read-only ("Not set" when empty) until the user edits. */
export function ProfileTextField({
  name,
  label,
  editing,
  type = "text",
  placeholder,
  autoComplete,
  className,
}: {
  name: ProfileFieldName;
  label: string;
  editing: boolean;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  className?: string;
}) {
  const { t } = useTranslation("profile");
  const { register, watch, formState } = useFormContext<ProfileFormValues>();
  const error = formState.errors[name]?.message;
  const value = watch(name);
  return (
    <Field id={name} label={label} error={error} className={className}>
      <Input
        id={name}
        type={type}
        {...register(name)}
        readOnly={!editing}
        maxLength={PROFILE_MAX_LENGTHS[name]}
        placeholder={editing ? placeholder : value ? undefined : t("notSet")}
        autoComplete={autoComplete}
        aria-invalid={!!error}
        aria-describedby={error ? `${name}-error` : undefined}
      />
    </Field>
  );
}
