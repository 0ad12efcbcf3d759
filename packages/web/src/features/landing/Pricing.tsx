import * as React from "react";
import { Button } from "@/components/ui/button";
import { useAuthDialogs } from "@/features/auth";
import { PlanCard } from "@/features/auth/PlanCard";
import { onDemand } from "@/lib/on-demand";
import { PLANS } from "@/lib/product";
import { useTranslation } from "react-i18next";
import { Section, SectionHeading } from "./Section";

// The sales form (its validation and selects) downloads when a visitor opens it, not with the page.
const ContactSalesDialog = onDemand(() => import("@/features/billing/ContactSalesDialog").then((m) => m.ContactSalesDialog));

export function Pricing() {
  const { openSignUp } = useAuthDialogs();
  const [salesOpen, setSalesOpen] = React.useState(false);
  const { t } = useTranslation("landing");
  return (
    <Section id="pricing" className="border-t bg-muted/30">
      <SectionHeading eyebrow={t("pricing.eyebrow")} title={t("pricing.title")} text={t("pricing.text")} />
      <div className="mx-auto grid max-w-6xl gap-8 pt-2 md:grid-cols-3">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              <Button
                className="w-full"
                size="lg"
                variant={plan.popular ? "default" : "outline"}
                // Enterprise is priced with each customer: it leads to sales, not to a checkout.
                onClick={() => (plan.id === "enterprise" ? setSalesOpen(true) : openSignUp({ plan: plan.id }))}
              >
                {t(
                  plan.id === "enterprise"
                    ? "pricing.contactSales"
                    : plan.id === "professional"
                      ? "pricing.startTrial"
                      : "pricing.getStarted",
                )}
              </Button>
            }
          />
        ))}
      </div>
      <ContactSalesDialog open={salesOpen} onOpenChange={setSalesOpen} />
    </Section>
  );
}
