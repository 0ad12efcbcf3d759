import { Gauge } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useUsage, type UsageCounter } from "./api";

const PLAN_NAMES = { starter: "Starter", professional: "Professional", enterprise: "Enterprise" } as const;

/** "Resets at midnight UTC" for a day's count, "Resets on 1 December" for a month's. */
function resetText(counter: UsageCounter) {
  if (counter.period === "day") return "Resets at midnight UTC";
  const reset = new Date(counter.resetsAt);
  return `Resets on ${reset.toLocaleDateString("en-GB", { day: "numeric", month: "long", timeZone: "UTC" })}`;
}

/**
 * What the plan allows and what has been used of it: every limit the server
 * enforces (GET /api/usage), so a refusal never comes as a surprise.
 */
export function UsageMeters({ className }: { className?: string }) {
  const { data, isError } = useUsage();
  return (
    <Card className={className} data-testid="usage-meters">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gauge className="size-5 text-primary" /> Usage
        </CardTitle>
        <CardDescription>
          {data
            ? `What the ${PLAN_NAMES[data.meteredPlan] ?? "Starter"} plan includes, and what you have used.`
            : "What your plan includes."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isError ? (
          <p className="text-sm text-muted-foreground">Usage is unavailable right now.</p>
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
  const { label, used, limit } = counter;
  const full = limit !== null && used >= limit;
  return (
    <li className="grid gap-1.5 text-sm" aria-label={label}>
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-muted-foreground">{label}</span>
        <span className={cn("shrink-0 whitespace-nowrap font-medium tabular-nums", full && "text-destructive")}>
          {limit === null ? `${used.toLocaleString()} · Unlimited` : `${used.toLocaleString()} of ${limit.toLocaleString()}`}
        </span>
      </div>
      {limit !== null && (
        <>
          <Progress
            value={limit === 0 ? 100 : Math.min(100, (used / limit) * 100)}
            className={cn(full && "bg-destructive/20 [&>div]:bg-destructive")}
            aria-label={`${label}: ${used} of ${limit}`}
          />
          <span className="text-xs text-muted-foreground">{resetText(counter)}</span>
        </>
      )}
    </li>
  );
}
