import { Dialog, DialogContent } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { PLANS } from "@/lib/product";
import { PaymentStep } from "@/features/billing/OnDemandPaymentStep";
// Loaded with the modal, so a click opens the Google popup without waiting for a download (popup blockers).
import "../actions";
import { StepIndicator } from "../parts";
import { AccountStep } from "./AccountStep";
import { DetailsStep } from "./DetailsStep";
import { DoneStep } from "./DoneStep";
import { PlanStep } from "./PlanStep";
import { useSignUp, type SignUpOptions } from "./useSignUp";

const STEP_NUMBERS = { plan: 1, details: 2, auth: 3, done: 3 } as const;

/** Sign-up in three steps (plan, about you, account), then the payment for Professional. */
export default function SignUpWizard(props: SignUpOptions) {
  const wizard = useSignUp(props);
  const { step, busy, person } = wizard;
  const chosen = PLANS.find((p) => p.id === wizard.plan) ?? PLANS[0]!;

  return (
    <>
      <Dialog open={props.open && wizard.payment === null} onOpenChange={(next) => !busy && step !== "done" && props.onOpenChange(next)}>
        <DialogContent className={cn("transition-[max-width]", step === "plan" ? "max-w-4xl" : "max-w-md")}>
          {step !== "done" && <StepIndicator step={STEP_NUMBERS[step]} total={3} />}
          {step === "plan" && <PlanStep plan={wizard.plan} onChoose={wizard.choosePlan} />}
          {step === "details" && (
            <DetailsStep
              form={wizard.details}
              plan={chosen}
              busy={busy}
              onBack={() => wizard.setStep("plan")}
              onSubmit={wizard.continueToAuth}
            />
          )}
          {step === "auth" && person && (
            <AccountStep
              name={person.firstName}
              planName={chosen.name}
              email={person.email}
              busy={busy}
              onGoogle={wizard.createWithGoogle}
              onPassword={wizard.createWithEmail}
              onBack={() => wizard.setStep("details")}
            />
          )}
          {step === "done" && <DoneStep paid={wizard.paid} />}
        </DialogContent>
      </Dialog>
      <PaymentStep
        open={wizard.payment !== null}
        registration={wizard.payment ?? undefined}
        onSuccess={wizard.paymentDone}
        onCancel={wizard.paymentCancelled}
      />
    </>
  );
}
