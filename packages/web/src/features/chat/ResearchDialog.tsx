import { Clock, Layers, Scale, Sparkles } from "lucide-react";
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
import { PRODUCT_NAME } from "@/lib/product";
import { RESEARCH_BUDGET_CHOICES_SECONDS } from "@quorum/core/chat/limits";
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
              {RESEARCH_BUDGET_CHOICES_SECONDS.map((seconds) => (
                <SelectItem key={seconds} value={String(seconds)}>
                  {t("research.upTo", { budget: budgetText(t, seconds) })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="text-xs text-muted-foreground">{t("research.budgetHint")}</p>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("common:cancel")}</AlertDialogCancel>
          <AlertDialogAction onClick={onContinue}>{t("research.continue", { product: PRODUCT_NAME })}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
