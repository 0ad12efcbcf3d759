import * as React from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Building2, Layers, Lock, Sparkles } from "lucide-react";
import * as SelectPrimitive from "@radix-ui/react-select";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Select, SelectContent, SelectGroup, SelectLabel, SelectTrigger } from "@/components/ui/select";
import { CUSTOM } from "@quorum/core/ai/types";
import { DEFAULT_MODEL, type ModelEntry, type ModelValue } from "@quorum/core/chat/schema";
import { UpgradeButton } from "@/features/billing/UpgradeButton";
import { modelCatalogQuery } from "@/features/models/queries";
import { planName } from "@/lib/product";
import { cn } from "@/lib/utils";
import { MODEL_OPTIONS, RESEARCH_MODEL, modelOption } from "./model";

/**
 * The model selector: the spec's five single models with their tags, then the
 * product's multi-model research choice, set apart because it asks all of them.
 * Models the plan does not include (GET /api/models) stay listed with a lock:
 * picking one says why and offers Upgrade instead of choosing it. Enterprise
 * also finds its organisation's own model here.
 */

function Option({ value, entry }: { value: ModelValue; entry?: ModelEntry }) {
  const { t } = useTranslation("models");
  const option = modelOption(value);
  const research = value === RESEARCH_MODEL;
  const locked = entry ? !entry.allowed : false;
  const label = option?.label ?? entry?.label ?? value;
  const plan = entry ? planName(entry.requiredPlan) : "";
  return (
    <SelectPrimitive.Item
      value={value}
      data-locked={locked ? "true" : undefined}
      className={cn(
        "relative flex w-full cursor-default select-none items-start gap-2.5 rounded-md py-2 pl-2 pr-3 text-sm outline-none focus:bg-accent focus:text-accent-foreground data-[state=checked]:bg-accent/60",
      )}
    >
      <span
        className={cn(
          "mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-md",
          research ? "bg-gradient-to-br from-indigo-500 to-purple-500 text-white" : "bg-muted text-muted-foreground",
        )}
        aria-hidden="true"
      >
        {research ? (
          <Layers className="size-3.5" />
        ) : value === CUSTOM ? (
          <Building2 className="size-3.5" />
        ) : locked ? (
          <Lock className="size-3.5" />
        ) : (
          <Sparkles className="size-3.5" />
        )}
      </span>
      <span className="grid">
        <SelectPrimitive.ItemText>{label}</SelectPrimitive.ItemText>
        <span className="text-xs text-muted-foreground">
          {locked ? t("locked", { plan }) : value === CUSTOM ? t("customTag") : option?.tag}
        </span>
      </span>
    </SelectPrimitive.Item>
  );
}

export function ModelSelect({
  value,
  onChange,
  disabled,
}: {
  value: ModelValue;
  onChange: (value: ModelValue) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation("models");
  const catalog = useQuery(modelCatalogQuery());
  const entries = new Map<string, ModelEntry>((catalog.data?.models ?? []).map((m) => [m.value, m]));
  const [locked, setLocked] = React.useState<ModelEntry | null>(null);

  // A choice the plan no longer includes (kept from earlier, or after a downgrade) falls back to the default.
  const current = entries.get(value);
  const unavailable = catalog.isSuccess && (!current || !current.allowed);
  React.useEffect(() => {
    if (unavailable) onChange(DEFAULT_MODEL);
  }, [unavailable, onChange]);

  const single: ModelValue[] = MODEL_OPTIONS.filter((o) => o.value !== RESEARCH_MODEL).map((o) => o.value);
  if (entries.has(CUSTOM)) single.push(CUSTOM);

  const choose = (next: string) => {
    const entry = entries.get(next);
    if (entry && !entry.allowed) setLocked(entry);
    else onChange(next as ModelValue);
  };

  return (
    <>
      {/* Until the plan's catalog is known no option can say whether it is locked, so none is offered. */}
      <Select value={value} onValueChange={choose} disabled={disabled || catalog.isPending}>
        <SelectTrigger
          aria-label={t("label")}
          className={cn(
            "h-8 w-auto min-w-0 gap-1.5 rounded-full border-transparent bg-muted/70 px-3 text-xs font-medium shadow-none hover:bg-muted",
            value === RESEARCH_MODEL && "bg-primary/10 text-primary hover:bg-primary/15",
          )}
          data-testid="model-select"
        >
          {value === RESEARCH_MODEL ? (
            <Layers className="size-3.5" aria-hidden="true" />
          ) : (
            <Sparkles className="size-3.5" aria-hidden="true" />
          )}
          <SelectPrimitive.Value />
        </SelectTrigger>
        <SelectContent className="w-72" align="start" side="top" sideOffset={6}>
          <SelectGroup>
            <SelectLabel>{t("single")}</SelectLabel>
            {single.map((v) => (
              <Option key={v} value={v} entry={entries.get(v)} />
            ))}
          </SelectGroup>
          <SelectPrimitive.Separator className="-mx-1 my-1 h-px bg-border" />
          <SelectGroup>
            <SelectLabel>{t("research")}</SelectLabel>
            <Option value={RESEARCH_MODEL} entry={entries.get(RESEARCH_MODEL)} />
          </SelectGroup>
        </SelectContent>
      </Select>
      <Dialog open={!!locked} onOpenChange={(open) => !open && setLocked(null)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>{t("dialogTitle", { model: locked?.label ?? "" })}</DialogTitle>
            <DialogDescription>{t("dialogBody", { model: locked?.label ?? "" })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setLocked(null)}>
              {t("notNow")}
            </Button>
            <UpgradeButton
              onUpgraded={() => {
                const chosen = locked?.value;
                setLocked(null);
                void catalog.refetch().then(() => chosen && onChange(chosen));
              }}
            >
              <Sparkles /> {t("upgrade")}
            </UpgradeButton>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
