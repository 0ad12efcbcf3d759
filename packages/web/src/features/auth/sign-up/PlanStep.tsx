import { useTranslation } from "react-i18next";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PLANS, type PlanId } from "@/lib/product";
import { PlanCard } from "../PlanCard";

/** Step 1: the three plans side by side; choosing one moves on. */
export function PlanStep({ plan, onChoose }: { plan: PlanId; onChoose: (plan: PlanId) => void }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <DialogHeader className="text-center sm:text-center">
        <DialogTitle className="text-2xl">{t("signUp.choosePlan")}</DialogTitle>
        <DialogDescription>{t("signUp.choosePlanText")}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-5 pt-3 md:grid-cols-3">
        {PLANS.map((p) => (
          <PlanCard key={p.id} plan={p} compact selected={p.id === plan} onSelect={() => onChoose(p.id)} />
        ))}
      </div>
    </>
  );
}
