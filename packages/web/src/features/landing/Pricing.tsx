import { Button } from "@/components/ui/button";
import { useAuthDialogs } from "@/features/auth";
import { PlanCard } from "@/features/auth/PlanCard";
import { PLANS } from "@/lib/product";
import { Section, SectionHeading } from "./Section";

export function Pricing() {
  const { openSignUp } = useAuthDialogs();
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
                onClick={() => openSignUp({ plan: plan.id })}
              >
                {plan.id === "enterprise" ? "Choose Enterprise" : plan.id === "professional" ? "Choose Professional" : "Get Started"}
              </Button>
            }
          />
        ))}
      </div>
    </Section>
  );
}
