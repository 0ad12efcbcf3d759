import * as React from "react";
import { Button } from "@/components/ui/button";
import { ContactSalesDialog } from "@/features/billing/ContactSalesDialog";
import { useAuthDialogs } from "@/features/auth";
import { PlanCard } from "@/features/auth/PlanCard";
import { PLANS } from "@/lib/product";
import { Section, SectionHeading } from "./Section";

export function Pricing() {
  const { openSignUp } = useAuthDialogs();
  const [salesOpen, setSalesOpen] = React.useState(false);
  return (
    <Section id="pricing" className="border-t bg-muted/30">
      <SectionHeading
        eyebrow="Pricing"
        title="Simple plans that grow with you"
        text="Start free. Upgrade when AI becomes part of your daily work."
      />
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
                {plan.id === "enterprise" ? "Contact sales" : plan.id === "professional" ? "Start 30-day free trial" : "Get Started"}
              </Button>
            }
          />
        ))}
      </div>
      <ContactSalesDialog open={salesOpen} onOpenChange={setSalesOpen} />
    </Section>
  );
}
