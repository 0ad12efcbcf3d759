import { Controller, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SlidersHorizontal } from "lucide-react";
import { FONT_SIZES, LANGUAGES, type SettingsRecord } from "@quorum/core/settings/schema";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { OptionSelect } from "@/components/ui/option-select";
import { LANGUAGES as UI_LANGUAGES } from "@/i18n/languages";

/** The account's language and font size (applied on every device it signs in on). */
export function PreferencesCard({ control, onChange }: { control: Control<SettingsRecord>; onChange: () => void }) {
  const { t } = useTranslation("settings");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SlidersHorizontal className="size-5 text-primary" /> {t("preferences.title")}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5 sm:grid-cols-2">
        <Field id="pref-language" label={t("preferences.language")}>
          <Controller
            control={control}
            name="preferences.language"
            render={({ field }) => (
              <OptionSelect
                id="pref-language"
                value={field.value}
                options={LANGUAGES}
                label={(language) => UI_LANGUAGES.find((l) => l.value === language)?.label ?? language}
                onChange={(language) => {
                  onChange();
                  field.onChange(language);
                }}
              />
            )}
          />
        </Field>
        <Field id="pref-font" label={t("preferences.fontSize")}>
          <Controller
            control={control}
            name="preferences.fontSize"
            render={({ field }) => (
              <OptionSelect
                id="pref-font"
                value={field.value}
                options={FONT_SIZES}
                label={(size) => t(`preferences.${size}`)}
                onChange={(fontSize) => {
                  onChange();
                  field.onChange(fontSize);
                }}
              />
            )}
          />
        </Field>
      </CardContent>
    </Card>
  );
}
