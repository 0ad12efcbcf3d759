import { Gauge } from "lucide-react";
import { useTranslation } from "react-i18next";
import { i18next } from "@/i18n";
import { formatBytes, formatDayMonth } from "@/lib/format";
import { planName } from "@/lib/product";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import type { Usage, UsageCounter } from "@quorum/core/billing/schema";
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
            <StorageMeter storage={data.storage} />
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
  return (
    <Row
      label={label}
      used={used}
      limit={limit}
      value={limit === null ? t("usage.unlimited", { used }) : t("usage.usedOf", { used, limit })}
      progressLabel={t("usage.meterLabel", { label, used, limit })}
      note={resetText(counter)}
    />
  );
}

/** The plan's document storage: bytes in use against the cap, which deleting documents lowers (it never resets). */
function StorageMeter({ storage }: { storage: Usage["storage"] }) {
  const { t } = useTranslation("billing");
  const label = t("usage.storage.label");
  const used = formatBytes(storage.used);
  const value =
    storage.limit === null
      ? t("usage.storage.unlimited", { used })
      : t("usage.storage.usedOf", { used, limit: formatBytes(storage.limit) });
  return (
    <Row
      label={label}
      used={storage.used}
      limit={storage.limit}
      value={value}
      progressLabel={`${label}: ${value}`}
      note={t("usage.storage.note")}
    />
  );
}

/** One limit: what is used of it in words, and (when limited) as a bar with a note under it. */
function Row({
  label,
  used,
  limit,
  value,
  progressLabel,
  note,
}: {
  label: string;
  used: number;
  limit: number | null;
  value: string;
  progressLabel: string;
  note: string;
}) {
  const full = limit !== null && used >= limit;
  return (
    <li className="grid gap-1.5 text-sm" aria-label={label}>
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-muted-foreground">{label}</span>
        <span className={cn("shrink-0 whitespace-nowrap font-medium tabular-nums", full && "text-destructive")}>{value}</span>
      </div>
      {limit !== null && (
        <>
          <Progress
            value={limit === 0 ? 100 : Math.min(100, (used / limit) * 100)}
            className={cn(full && "bg-destructive/20 [&>div]:bg-destructive")}
            aria-label={progressLabel}
          />
          <span className="text-xs text-muted-foreground">{note}</span>
        </>
      )}
    </li>
  );
}
