import { Check } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import type { PlanTier } from "@/lib/product";

/** One plan tier: the landing page's pricing grid and the sign-up wizard's first step. */
export function PlanCard({
  plan,
  selected,
  compact,
  action,
  onSelect,
}: {
  plan: PlanTier;
  selected?: boolean;
  compact?: boolean;
  action?: React.ReactNode;
  onSelect?: () => void;
}) {
  const { t } = useTranslation("auth");
  const body = (
    <>
      {plan.popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap px-3 py-1 shadow-sm shadow-primary/30">
          {t("plan.mostPopular")}
        </Badge>
      )}
      <div className="grid gap-1">
        <h3 className="text-base font-semibold">{plan.name}</h3>
        <p className="text-sm text-muted-foreground">{plan.description}</p>
      </div>
      <p className="flex items-baseline gap-1">
        <span className={cn("font-bold tracking-tight", compact ? "text-3xl" : "text-4xl")}>{plan.price}</span>
        {plan.period && <span className="text-sm text-muted-foreground">{plan.period}</span>}
      </p>
      <ul className="grid gap-2 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {action && <div className="mt-auto pt-2">{action}</div>}
      {onSelect && (
        <span
          className={cn(
            "mt-auto inline-flex h-9 items-center justify-center rounded-md border text-sm font-medium transition-colors",
            plan.popular ? "border-transparent bg-primary text-primary-foreground" : "bg-background group-hover:bg-accent",
          )}
        >
          {t("plan.choose", { plan: plan.name })}
        </span>
      )}
    </>
  );
  const classes = cn(
    "relative flex h-full flex-col gap-4 rounded-xl border bg-card p-6 text-left text-card-foreground shadow-sm transition",
    plan.popular && "border-primary/60 shadow-lg shadow-primary/10 dark:shadow-primary/5",
    compact && "p-5",
    onSelect &&
      "group cursor-pointer hover:border-primary hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
    selected && "border-primary ring-2 ring-primary",
  );
  if (onSelect) {
    return (
      <button type="button" className={classes} onClick={onSelect} aria-pressed={selected}>
        {body}
      </button>
    );
  }
  return <div className={classes}>{body}</div>;
}
