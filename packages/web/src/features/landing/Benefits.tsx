import { CheckCircle2, Clock, ShieldCheck, Target } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Section } from "./Section";

const BENEFITS = [
  { icon: Target, key: "accuracy" },
  { icon: Clock, key: "time" },
  { icon: CheckCircle2, key: "grounded" },
  { icon: ShieldCheck, key: "privacy" },
] as const;

export function Benefits() {
  const { t } = useTranslation("landing");
  return (
    <Section id="benefits">
      <div className="grid items-center gap-12 lg:grid-cols-2">
        <div className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-indigo-600 via-violet-600 to-fuchsia-600 p-10 text-white shadow-xl sm:p-12">
          <div aria-hidden="true" className="absolute -right-16 -top-16 size-64 rounded-full bg-white/10 blur-2xl" />
          <p className="text-sm font-semibold uppercase tracking-wider text-white/80">{t("benefits.eyebrow")}</p>
          <p className="mt-6 text-7xl font-bold tracking-tight sm:text-8xl">{t("benefits.figure")}</p>
          <p className="mt-3 max-w-sm text-xl font-medium">{t("benefits.figureText")}</p>
          <p className="mt-6 max-w-md text-sm text-white/80">{t("benefits.figureDetail")}</p>
        </div>
        <div className="grid gap-3">
          <h2 className="mb-4 text-balance text-3xl font-bold tracking-tight sm:text-4xl">{t("benefits.title")}</h2>
          <ul className="grid gap-6">
            {BENEFITS.map(({ icon: Icon, key }) => (
              <li key={key} className="flex gap-4">
                <div className="flex size-10 shrink-0 items-center justify-center rounded-lg border bg-card text-primary shadow-sm">
                  <Icon className="size-5" aria-hidden="true" />
                </div>
                <div>
                  <h3 className="font-semibold">{t(`benefits.${key}.title`)}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{t(`benefits.${key}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Section>
  );
}
