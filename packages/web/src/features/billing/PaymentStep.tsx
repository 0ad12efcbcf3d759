import { CreditCard } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import type { Registration } from "@/features/auth/api";

/**
 * THE seam for the professional plan's payment (spec doc 1 §2 'Payment modal', §4 'Payment form').
 * The sign-up wizard and the existing-account upgrade open this for the professional plan.
 *
 * Contract for the billing issue that fills it in:
 * - `onSuccess` runs after the payment succeeded AND, when `registration` is given, after the
 *   profile was registered with it (POST /api/auth/register) and the subscription set active
 *   (POST /api/update-subscription). The caller then shows 'Payment Successful!' and finishes.
 * - `onCancel` runs when the user gives up; the caller decides what that means
 *   (the existing-account upgrade signs the user out).
 */
export interface PaymentStepProps {
  open: boolean;
  /** The sign-up details to register once paid; absent for an upgrade of an existing profile. */
  registration?: Registration;
  onSuccess: () => void;
  onCancel: () => void;
}

export function PaymentStep({ open, onCancel }: PaymentStepProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <CreditCard className="size-5" />
          </div>
          <DialogTitle>Complete Your Purchase</DialogTitle>
          <DialogDescription>Professional plan · $50/month · 30-day free trial</DialogDescription>
        </DialogHeader>
        <p className="rounded-lg border border-dashed bg-muted/40 p-4 text-sm text-muted-foreground">
          Online payment is not available yet, so the Professional plan cannot be purchased at the moment. The free Starter plan is
          available in the meantime; contact support to upgrade.
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
