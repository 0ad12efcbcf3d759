import * as React from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Gauge, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useAuth } from "@/features/auth";
import { profileKey } from "@/features/profile/queries";
import { usageKey } from "./api";
import { PaymentStep } from "./PaymentStep";

export interface LimitReachedBannerProps {
  /** The server's 429 text: the limit, when it resets, the way out. Show it as is. */
  message: string;
  /** Replace the built-in upgrade (the payment modal) with the caller's own. */
  onUpgrade?: () => void;
  /** After a successful upgrade (e.g. clear the banner and resend the question). */
  onUpgraded?: () => void;
  className?: string;
}

/**
 * Shown where a question was refused for the starter plan's daily limit (429).
 * 'Upgrade to Professional' opens the payment modal; cancelling it just closes it.
 */
export function LimitReachedBanner({ message, onUpgrade, onUpgraded, className }: LimitReachedBannerProps) {
  const [paying, setPaying] = React.useState(false);
  const { user } = useAuth();
  const queryClient = useQueryClient();

  return (
    <div
      role="alert"
      className={cn(
        "flex flex-col gap-3 rounded-xl border border-primary/25 bg-gradient-to-r from-primary/10 via-primary/5 to-transparent p-4 sm:flex-row sm:items-center",
        className,
      )}
      data-testid="limit-reached"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <div className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
          <Gauge className="size-4.5" />
        </div>
        <div className="min-w-0">
          <p className="text-sm font-semibold">Daily question limit reached</p>
          <p className="mt-0.5 text-sm text-muted-foreground">{message}</p>
        </div>
      </div>
      <Button className="shrink-0 self-start sm:self-center" onClick={() => (onUpgrade ? onUpgrade() : setPaying(true))}>
        <Sparkles /> Upgrade to Professional
      </Button>
      {!onUpgrade && (
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
      )}
    </div>
  );
}
