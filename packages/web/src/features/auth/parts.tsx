/** Small pieces the sign-in, sign-up and existing-account modals share. */
import { Trans, useTranslation } from "react-i18next";

export function OrDivider() {
  const { t } = useTranslation("auth");
  return (
    <div className="relative flex items-center gap-3 text-xs text-muted-foreground" role="separator">
      <span className="h-px flex-1 bg-border" />
      <span>{t("parts.or")}</span>
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

const term = <span className="font-medium text-foreground/80 underline-offset-2" />;

export function TermsFooter() {
  return (
    <p className="text-center text-xs leading-relaxed text-muted-foreground">
      <Trans ns="auth" i18nKey="parts.terms" components={{ terms: term, privacy: term }} />
    </p>
  );
}

export function StepIndicator({ step, total }: { step: number; total: number }) {
  const { t } = useTranslation("auth");
  return (
    <div
      className="flex items-center justify-center gap-2"
      role="progressbar"
      aria-label={t("parts.step", { step, total })}
      aria-valuemin={1}
      aria-valuemax={total}
      aria-valuenow={step}
      aria-valuetext={t("parts.step", { step, total })}
    >
      {Array.from({ length: total }, (_, i) => (
        <span
          key={i}
          className={
            i + 1 === step
              ? "h-1.5 w-8 rounded-full bg-primary"
              : i + 1 < step
                ? "h-1.5 w-4 rounded-full bg-primary/50"
                : "h-1.5 w-4 rounded-full bg-muted-foreground/25"
          }
        />
      ))}
    </div>
  );
}
