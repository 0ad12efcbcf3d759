import { Controller, type Control, type FieldPath } from "react-hook-form";
import type { SettingsRecord } from "@quorum/core/settings/schema";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";

/** The settings' on/off switches, by their path in the record. */
type SwitchName = Extract<FieldPath<SettingsRecord>, `${"notifications" | "privacy"}.${string}`>;

export function SettingToggle({
  id,
  label,
  text,
  detail,
  control,
  name,
  onChange,
}: {
  id: string;
  label: string;
  text: string;
  /** What the switch means in practice, in plain words. */
  detail?: string;
  control: Control<SettingsRecord>;
  name: SwitchName;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-6">
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p className="text-sm text-muted-foreground">{text}</p>
        {detail && <p className="text-xs leading-relaxed text-muted-foreground">{detail}</p>}
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            checked={field.value}
            onCheckedChange={(value) => {
              field.onChange(value);
              onChange(value);
            }}
          />
        )}
      />
    </div>
  );
}
