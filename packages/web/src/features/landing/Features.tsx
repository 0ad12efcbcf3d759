import { Bot, FileSearch, FolderKanban, Layers, Microscope, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Section, SectionHeading } from "./Section";

const FEATURES = [
  { icon: Layers, key: "multiModel" },
  { icon: Bot, key: "singleModel" },
  { icon: Microscope, key: "research" },
  { icon: FolderKanban, key: "projects" },
  { icon: FileSearch, key: "quotes" },
  { icon: Users, key: "customers" },
] as const;

export function Features() {
  const { t } = useTranslation("landing");
  return (
    <Section id="features" className="border-t bg-muted/30">
      <SectionHeading eyebrow={t("features.eyebrow")} title={t("features.title")} text={t("features.text")} />
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, key }) => (
          <div key={key} className="group rounded-xl border bg-card p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
            <div className="mb-4 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary transition group-hover:bg-primary group-hover:text-primary-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </div>
            <h3 className="mb-2 font-semibold">{t(`features.${key}.title`)}</h3>
            <p className="text-sm leading-relaxed text-muted-foreground">{t(`features.${key}.text`)}</p>
          </div>
        ))}
      </div>
    </Section>
  );
}
