import { Gauge, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { LimitRefusal } from "@quorum/core/billing/schema";
import { i18next } from "@/i18n";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { UpgradeButton } from "./UpgradeButton";

export interface LimitReachedBannerProps {
  /** The server's 429: its sentence (the limit, when it resets, the way out) is shown as is. */
  refusal: LimitRefusal;
  /** Replace the built-in upgrade (the payment modal) with the caller's own. */
  onUpgrade?: () => void;
  /** After a successful upgrade (e.g. clear the banner and resend the question). */
  onUpgraded?: () => void;
  className?: string;
}

/** The banner's title names the day's questions or any other limit; the upgrade is offered when the server says it lifts it. */
export function limitBanner({ limit }: LimitRefusal) {
  return {
    title: i18next.t(limit?.meter === "questions" ? "billing:limit.daily" : "billing:limit.plan"),
    upgrade: limit?.upgrade ?? false,
  };
}

/**
 * Shown where a request was refused for a plan limit (429): the day's questions, or
 * a metered limit such as attachments read. 'Upgrade to Professional' (when the
 * limit's way out is an upgrade) opens the payment modal; cancelling it just closes it.
 */
export function LimitReachedBanner({ refusal, onUpgrade, onUpgraded, className }: LimitReachedBannerProps) {
  const { title, upgrade } = limitBanner(refusal);
  const { t } = useTranslation("billing");
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
          <p className="text-sm font-semibold">{title}</p>
          <p className="mt-0.5 text-sm text-muted-foreground">{refusal.error}</p>
        </div>
      </div>
      {!upgrade ? null : onUpgrade ? (
        <Button className="shrink-0 self-start sm:self-center" onClick={onUpgrade}>
          <Sparkles /> {t("limit.upgrade")}
        </Button>
      ) : (
        <UpgradeButton className="shrink-0 self-start sm:self-center" onUpgraded={onUpgraded}>
          <Sparkles /> {t("limit.upgrade")}
        </UpgradeButton>
      )}
    </div>
  );
}
