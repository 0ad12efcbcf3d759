import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/features/auth";
import { profileKey } from "@/features/profile/queries";
import { usageKey } from "./queries";
import { PaymentStep } from "./OnDemandPaymentStep";

/**
 * "Upgrade to Professional" wherever a limit or the plan is shown: opens the
 * payment modal, and once paid refreshes the profile and the usage the page shows.
 */
export function UpgradeButton({
  onUpgraded,
  ...button
}: React.ComponentProps<typeof Button> & {
  /** After a successful upgrade (e.g. clear a banner and resend the question). */
  onUpgraded?: () => void;
}) {
  const [paying, setPaying] = React.useState(false);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return (
    <>
      <Button {...button} onClick={() => setPaying(true)} />
      <PaymentStep
        open={paying}
        onCancel={() => setPaying(false)}
        onSuccess={() => {
          setPaying(false);
          if (user) void queryClient.invalidateQueries({ queryKey: profileKey(user.uid) });
          void queryClient.invalidateQueries({ queryKey: usageKey });
          onUpgraded?.();
        }}
      />
    </>
  );
}
