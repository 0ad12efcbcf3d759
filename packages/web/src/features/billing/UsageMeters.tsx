import { Gauge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { i18next } from "@/i18n";
import { formatDayMonth } from "@/lib/format";
import { planName } from "@/lib/product";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import type { UsageCounter } from "@quorum/core/billing/schema";
import { useUsage } from "./queries";

/** "Resets at midnight UTC" for a day's count, "Resets on December 1" for a month's. */
function resetText(counter: UsageCounter) {
  if (counter.period === "day") return i18next.t("billing:usage.resetsMidnight");
  return i18next.t("billing:usage.resetsOn", { date: formatDayMonth(counter.resetsAt) });
}

/** A meter's label in the language on screen; the server's English one for a meter this app does not know yet. */
const meterLabel = (counter: UsageCounter) => i18next.t(`billing:usage.meters.${counter.name}`, { defaultValue: counter.label });

/**
 * What the plan allows and what has been used of it: every limit the server
 * enforces (GET /api/usage), so a refusal never comes as a surprise.
 */
export function UsageMeters({ className }: { className?: string }) {
  const { data, isError } = useUsage();
  const { t } = useTranslation("billing");
  return (
    <Card className={className} data-testid="usage-meters">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gauge className="size-5 text-primary" /> {t("usage.title")}
        </CardTitle>
        <CardDescription>
          {data ? t("usage.planIncludes", { plan: planName(data.meteredPlan) }) : t("usage.yourPlanIncludes")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p className="text-sm text-muted-foreground">{t("usage.unavailable")}</p>
        ) : !data ? (
          <div className="grid gap-4">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        ) : (
          <ul className="grid gap-4">
            {data.meters.map((counter) => (
              <Meter key={counter.name} counter={counter} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Meter({ counter }: { counter: UsageCounter }) {
  const { t } = useTranslation("billing");
  const { used, limit } = counter;
  const label = meterLabel(counter);
  const full = limit !== null && used >= limit;
  return (
    <li className="grid gap-1.5 text-sm" aria-label={label}>
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-muted-foreground">{label}</span>
        <span className={cn("shrink-0 whitespace-nowrap font-medium tabular-nums", full && "text-destructive")}>
          {limit === null ? t("usage.unlimited", { used }) : t("usage.usedOf", { used, limit })}
        </span>
      </div>
      {limit !== null && (
        <>
          <Progress
            value={limit === 0 ? 100 : Math.min(100, (used / limit) * 100)}
            className={cn(full && "bg-destructive/20 [&>div]:bg-destructive")}
            aria-label={t("usage.meterLabel", { label, used, limit })}
          />
          <span className="text-xs text-muted-foreground">{resetText(counter)}</span>
        </>
      )}
    </li>
  );
}
