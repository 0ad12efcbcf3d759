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
import { PRODUCT_NAME } from "@/lib/product";
import { RESEARCH_BUDGET_CHOICES_SECONDS } from "@quorum/core/chat/limits";

/** The one-time confirmation before the first research-mode question. */
/** "30 seconds", "1 minute", "5 minutes". */
export function formatBudget(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

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
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent className="max-w-md">
        <AlertDialogHeader>
          <div className="mb-1 flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500 to-purple-500 text-white shadow-sm max-sm:mx-auto">
            <Layers className="size-5" aria-hidden="true" />
          </div>
          <AlertDialogTitle>{PRODUCT_NAME} Research Mode</AlertDialogTitle>
          <AlertDialogDescription>
            Your question goes to every available AI model at once, then their answers are compared and combined into one. You see each
            model's answer as it is written; the combined answer starts as soon as they have all answered, or when the time you allow below
            is up, and is written live too.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="grid gap-2.5 rounded-xl bg-muted/60 p-4 text-sm">
          <li className="flex gap-2.5">
            <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>Each model answers on its own, in parallel.</span>
          </li>
          <li className="flex gap-2.5">
            <Scale className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>Agreements and disagreements are weighed in the combined answer.</span>
          </li>
          <li className="flex gap-2.5">
            <Clock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>Every model's own answer stays one tab away.</span>
          </li>
        </ul>
        <div className="grid gap-1.5">
          <Label htmlFor="research-budget">Time the models may take</Label>
          <Select value={String(budgetSeconds)} onValueChange={(v) => onBudgetChange(Number(v))}>
            <SelectTrigger id="research-budget" className="w-full" data-testid="research-budget">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {RESEARCH_BUDGET_CHOICES_SECONDS.map((seconds) => (
                <SelectItem key={seconds} value={String(seconds)}>
                  Up to {formatBudget(seconds)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="text-xs text-muted-foreground">
            A model still writing by then is left out of the combined answer, and its card says so.
          </p>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onContinue}>Continue with {PRODUCT_NAME}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
