import * as React from "react";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { BarChart3, Check, Download, EyeOff, Sparkles } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Page, PageHeading } from "@/components/layout/Page";
import { PageLoader } from "@/components/layout/PageLoader";
import { UpgradeButton } from "@/features/billing/UpgradeButton";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import type { AnalyticsReport } from "@quorum/core/usage/schema";
import { RANGES, useAnalytics, type RangeDays } from "./api";
import { downloadCsv } from "./csv";
import { shortDay } from "./labels";
import { formatCount } from "@/lib/format";

// Recharts loads with the first report, not with the page (a Starter never downloads it).
const Charts = React.lazy(() => import("./Charts"));

export function AnalyticsPage() {
  const { t } = useTranslation("analytics");
  const [days, setDays] = React.useState<RangeDays>(30);
  const analytics = useAnalytics(days);

  if (analytics.error instanceof ApiError && analytics.error.status === 403)
    return <LockedAnalytics onUpgraded={() => void analytics.refetch()} />;
  if (analytics.isPending) return <PageLoader text={t("loading")} />;

  const report = analytics.data;
  return (
    <Page width="wide">
      <PageHeading
        title={t("title")}
        description={
          report ? `${t("description")} ${t("period", { from: shortDay(report.from), to: shortDay(report.to) })}` : t("description")
        }
        actions={
          <>
            <div role="group" aria-label={t("range.label")} className="inline-flex rounded-lg border bg-muted/40 p-0.5">
              {RANGES.map((range) => (
                <button
                  key={range}
                  type="button"
                  aria-pressed={days === range}
                  onClick={() => setDays(range)}
                  className={cn(
                    "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    days === range && "bg-background text-foreground shadow-sm",
                  )}
                >
                  {t("range.days", { count: range })}
                </button>
              ))}
            </div>
            <Button variant="outline" disabled={!report} onClick={() => report && downloadCsv(report)}>
              <Download /> {t("export")}
            </Button>
          </>
        }
      />
      {analytics.isError || !report ? (
        <Alert variant="destructive" className="mt-8">
          <AlertDescription className="flex items-center justify-between gap-4">
            {t("loadFailed")}
            <Button size="sm" variant="outline" onClick={() => void analytics.refetch()}>
              {t("retry")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <Report report={report} />
      )}
    </Page>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation("analytics");
  const { totals } = report;
  const tiles = [
    { key: "questions", value: totals.questions },
    { key: "failures", value: totals.failures },
    { key: "tokens", value: totals.inputTokens + totals.outputTokens },
    { key: "documents", value: totals.documents },
    { key: "pages", value: totals.pages },
    { key: "quotes", value: totals.quotes },
  ] as const;
  const nothing = tiles.every((tile) => tile.value === 0);
  return (
    <div className="mt-8 grid gap-6">
      {!report.recording && (
        <Alert>
          <EyeOff className="size-4" />
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            {t("recordingOff")}
            <Button asChild size="sm" variant="outline">
              <Link to="/settings">{t("openSettings")}</Link>
            </Button>
          </AlertDescription>
        </Alert>
      )}
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" data-testid="analytics-totals">
        {tiles.map((tile) => (
          <div key={tile.key} className="rounded-xl border bg-card p-4 shadow-sm">
            <dt className="text-sm text-muted-foreground">{t(`totals.${tile.key}`)}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{formatCount(tile.value)}</dd>
          </div>
        ))}
      </dl>
      {nothing && <p className="text-sm text-muted-foreground">{t("empty")}</p>}
      <React.Suspense fallback={<PageLoader text={t("loading")} />}>
        <Charts report={report} />
      </React.Suspense>
    </div>
  );
}

/** What Starter sees: what the page is, what it includes, and the way to it. */
function LockedAnalytics({ onUpgraded }: { onUpgraded: () => void }) {
  const { t } = useTranslation("analytics");
  const items = ["questions", "models", "documents", "quotes", "csv"] as const;
  return (
    <Page width="narrow">
      <div className="rounded-2xl border bg-card p-8 shadow-sm" data-testid="analytics-locked">
        <span className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary" aria-hidden="true">
          <BarChart3 className="size-6" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">{t("locked.title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("locked.description")}</p>
        <p className="mt-6 text-sm font-medium">{t("locked.includes")}</p>
        <ul className="mt-3 grid gap-2">
          {items.map((item) => (
            <li key={item} className="flex items-start gap-2 text-sm">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              {t(`locked.${item}`)}
            </li>
          ))}
        </ul>
        <UpgradeButton className="mt-8" onUpgraded={onUpgraded}>
          <Sparkles /> {t("locked.upgrade")}
        </UpgradeButton>
      </div>
    </Page>
  );
}
