import * as React from "react";
import { useQuery } from "@tanstack/react-query";
import { Clock, Layers, Lock, Scale, Sparkles } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useTranslation } from "react-i18next";
import { modelCatalogQuery } from "@/features/models/queries";
import { planName, PRODUCT_NAME } from "@/lib/product";
import { MAX_RESEARCH_BUDGET_SECONDS, RESEARCH_BUDGET_CHOICES_SECONDS, researchBudgetPlan } from "@quorum/core/chat/limits";
import { budgetText } from "./texts";

/** The one-time confirmation before the first research-mode question. */
export function ResearchDialog({
  open,
  onOpenChange,
  onContinue,
  budgetSeconds,
  onBudgetChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onContinue: () => void;
  budgetSeconds: number;
  onBudgetChange: (seconds: number) => void;
}) {
  const { t } = useTranslation("chat");
  const { t: tModels } = useTranslation("models");
  // The plan's longest budget (GET /api/models): longer choices stay listed, locked with the plan that has them.
  const catalog = useQuery(modelCatalogQuery());
  const cap = catalog.data?.researchBudgetCapSeconds;
  // A choice kept from before a downgrade falls back to the longest the plan allows.
  React.useEffect(() => {
    if (cap !== undefined && budgetSeconds > cap) onBudgetChange(cap);
  }, [cap, budgetSeconds, onBudgetChange]);
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent className="max-w-md">
        <AlertDialogHeader>
          <div className="mb-1 flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500 to-purple-500 text-white shadow-sm max-sm:mx-auto">
            <Layers className="size-5" aria-hidden="true" />
          </div>
          <AlertDialogTitle>{t("research.title", { product: PRODUCT_NAME })}</AlertDialogTitle>
          <AlertDialogDescription>{t("research.description")}</AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="grid gap-2.5 rounded-xl bg-muted/60 p-4 text-sm">
          <li className="flex gap-2.5">
            <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{t("research.parallel")}</span>
          </li>
          <li className="flex gap-2.5">
            <Scale className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{t("research.weighed")}</span>
          </li>
          <li className="flex gap-2.5">
            <Clock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{t("research.tabAway")}</span>
          </li>
        </ul>
        <div className="grid gap-1.5">
          <Label htmlFor="research-budget">{t("research.budgetLabel")}</Label>
          <Select value={String(budgetSeconds)} onValueChange={(v) => onBudgetChange(Number(v))}>
            <SelectTrigger id="research-budget" className="w-full" data-testid="research-budget">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {RESEARCH_BUDGET_CHOICES_SECONDS.map((seconds) => {
                const locked = cap !== undefined && seconds > cap;
                return (
                  <SelectItem key={seconds} value={String(seconds)} disabled={locked} data-locked={locked ? "true" : undefined}>
                    <span className="flex items-center gap-1.5">
                      {locked && <Lock className="size-3.5 shrink-0" aria-hidden="true" />}
                      {t("research.upTo", { budget: budgetText(t, seconds) })}
                      {locked && (
                        <span className="text-xs text-muted-foreground">
                          · {tModels("locked", { plan: planName(researchBudgetPlan(seconds)) })}
                        </span>
                      )}
                    </span>
                  </SelectItem>
                );
              })}
            </SelectContent>
          </Select>
          <p className="text-xs text-muted-foreground">{t("research.budgetHint")}</p>
          {cap !== undefined && cap < MAX_RESEARCH_BUDGET_SECONDS && catalog.data && (
            <p className="text-xs text-muted-foreground" data-testid="research-budget-cap">
              {t("research.budgetCap", {
                plan: planName(catalog.data.plan),
                budget: budgetText(t, cap),
                upgrade: planName(researchBudgetPlan(MAX_RESEARCH_BUDGET_SECONDS)),
                max: budgetText(t, MAX_RESEARCH_BUDGET_SECONDS),
              })}
            </p>
          )}
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("common:cancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={onContinue}>{t("research.continue", { product: PRODUCT_NAME })}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
