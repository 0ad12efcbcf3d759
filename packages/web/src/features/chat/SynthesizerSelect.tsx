import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PenLine } from "lucide-react";
import * as SelectPrimitive from "@radix-ui/react-select";
import { Select, SelectContent, SelectItem, SelectTrigger } from "@/components/ui/select";
import type { ModelChoice } from "@quorum/core/ai/types";
import { modelCatalogQuery } from "@/features/models/queries";
import { RESEARCH_MODEL } from "./model";

/** The select's value for "no choice": the server takes the strongest model available. */
const STRONGEST = "strongest";

/**
 * Research mode's synthesizer: which model writes the combined answer. The
 * strongest available is the default; the others are the single models the plan
 * includes (a locked one is not offered: the server would refuse it).
 */
export function SynthesizerSelect({
  value,
  onChange,
  disabled,
}: {
  value: ModelChoice | null;
  onChange: (value: ModelChoice | null) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("models");
  const catalog = useQuery(modelCatalogQuery());
  const choices = (catalog.data?.models ?? []).filter((m) => m.allowed && m.value !== RESEARCH_MODEL);
  // A choice the plan no longer includes is shown (and sent) as the default.
  const current = value && choices.some((m) => m.value === value) ? value : STRONGEST;
  return (
    <Select
      value={current}
      onValueChange={(v) => onChange(v === STRONGEST ? null : (v as ModelChoice))}
      disabled={disabled || catalog.isPending}
    >
      <SelectTrigger
        aria-label={t("synthesizer.label")}
        className="h-8 w-auto min-w-0 gap-1 rounded-full border-transparent bg-muted/70 px-2.5 text-xs font-medium shadow-none hover:bg-muted sm:gap-1.5 sm:px-3"
        data-testid="synthesizer-select"
      >
        {/* On a phone the composer's row has no room for the icon. */}
        <PenLine className="hidden size-3.5 sm:block" aria-hidden="true" />
        <span className="hidden text-muted-foreground md:inline">{t("synthesizer.short")}</span>
        <SelectPrimitive.Value />
      </SelectTrigger>
      <SelectContent className="w-64" align="start" side="top" sideOffset={6}>
        <SelectItem value={STRONGEST}>{t("synthesizer.strongest")}</SelectItem>
        {choices.map((m) => (
          <SelectItem key={m.value} value={m.value}>
            {m.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
