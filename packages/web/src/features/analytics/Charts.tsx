import * as React from "react";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount, formatMoney } from "@/lib/format";
import type { AnalyticsReport } from "@quorum/core/usage/schema";
import { modelName, shortDay } from "./labels";

/**
 * The Analytics page's charts (Recharts). Loaded on their own when the report is
 * there, so neither the landing page nor the chat carries the chart library.
 */

/** Colours that read on light and dark backgrounds alike. */
const COLORS = {
  primary: "oklch(0.6 0.2 277)",
  teal: "oklch(0.68 0.13 190)",
  amber: "oklch(0.76 0.15 75)",
  rose: "oklch(0.63 0.21 15)",
  violet: "oklch(0.62 0.2 310)",
} as const;

const tooltipStyle = {
  contentStyle: {
    background: "var(--popover)",
    border: "1px solid var(--border)",
    borderRadius: 8,
    color: "var(--popover-foreground)",
    fontSize: 12,
  },
  cursor: { fill: "var(--muted)", opacity: 0.5 },
};
/** Bars stay slim when a chart has one category, and appear drawn at once (no motion to wait for or to be bothered by). */
const bar = { maxBarSize: 48, isAnimationActive: false } as const;
const axis = { tick: { fill: "currentColor", fontSize: 12 }, stroke: "currentColor", tickLine: false } as const;

function ChartCard({ id, title, empty, children }: { id: string; title: string; empty: boolean; children: React.ReactElement }) {
  const { t } = useTranslation("analytics");
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-5 text-card-foreground shadow-sm" data-testid={`chart-${id}`}>
      <h2 id={id} className="mb-4 text-base font-semibold">
        {title}
      </h2>
      {empty ? (
        <p className="flex h-56 items-center justify-center text-sm text-muted-foreground">{t("charts.noData")}</p>
      ) : (
        <div className="h-56 text-muted-foreground">
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
      )}
    </section>
  );
}

interface Series {
  dataKey: string;
  name: string;
  fill: string;
  /** Series with the same stack id pile up; only the top one gets rounded corners. */
  stackId?: string;
}

/** Vertical bars over days or models: the grid, axes, tooltip and legend every column chart shares. */
function Columns({
  data,
  series,
  yAxis,
  countTooltip = true,
  legend = true,
  tickGap,
}: {
  data: object[];
  series: Series[];
  yAxis: React.ComponentProps<typeof YAxis>;
  /** Tooltip values as grouped counts ("12,345"). */
  countTooltip?: boolean;
  legend?: boolean;
  /** Minimum gap between x labels: day axes drop labels rather than crowd them. */
  tickGap?: number;
}) {
  return (
    <BarChart data={data}>
      <CartesianGrid vertical={false} strokeOpacity={0.15} stroke="currentColor" />
      <XAxis dataKey="label" {...axis} minTickGap={tickGap} />
      <YAxis {...axis} {...yAxis} />
      <Tooltip {...tooltipStyle} formatter={countTooltip ? (v) => formatCount(Number(v)) : undefined} />
      {legend && <Legend wrapperStyle={{ fontSize: 12 }} />}
      {series.map((s, i) => {
        const top = !s.stackId || series.slice(i + 1).every((next) => next.stackId !== s.stackId);
        return <Bar key={s.dataKey} {...bar} {...s} radius={top ? [4, 4, 0, 0] : undefined} />;
      })}
    </BarChart>
  );
}

/** A count axis: whole numbers only. */
const countAxis = { allowDecimals: false, width: 32 } as const;

export default function Charts({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation("analytics");
  const days = report.days.map((d) => ({ ...d, label: shortDay(d.date), answered: d.questions - d.failures }));
  const models = report.models.map((m) => ({
    ...m,
    label: modelName(m.model),
    latencySeconds: m.averageLatencyMs === null ? null : Math.round(m.averageLatencyMs / 100) / 10,
  }));
  const called = models.filter((m) => m.calls > 0);
  const vendors = report.vendors.slice(0, 10).map((v) => ({ ...v, label: v.currency ? `${v.vendor} (${v.currency})` : v.vendor }));
  const noQuestions = report.totals.questions === 0;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartCard id="questions-per-day" title={t("charts.questionsPerDay")} empty={noQuestions}>
        <Columns
          data={days}
          tickGap={12}
          yAxis={countAxis}
          series={[
            { dataKey: "answered", stackId: "q", name: t("series.answered"), fill: COLORS.primary },
            { dataKey: "failures", stackId: "q", name: t("series.failed"), fill: COLORS.rose },
          ]}
        />
      </ChartCard>

      <ChartCard id="questions-per-model" title={t("charts.questionsPerModel")} empty={noQuestions}>
        <BarChart data={models} layout="vertical" margin={{ left: 8 }}>
          <CartesianGrid horizontal={false} strokeOpacity={0.15} stroke="currentColor" />
          <XAxis type="number" allowDecimals={false} {...axis} />
          <YAxis type="category" dataKey="label" {...axis} width={120} />
          <Tooltip {...tooltipStyle} formatter={(v) => formatCount(Number(v))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar {...bar} dataKey="questions" name={t("series.questions")} fill={COLORS.primary} radius={[0, 4, 4, 0]} />
          <Bar {...bar} dataKey="calls" name={t("series.calls")} fill={COLORS.teal} radius={[0, 4, 4, 0]} />
        </BarChart>
      </ChartCard>

      <ChartCard id="tokens-per-day" title={t("charts.tokensPerDay")} empty={report.totals.inputTokens + report.totals.outputTokens === 0}>
        <Columns
          data={days}
          tickGap={12}
          yAxis={{ width: 48, tickFormatter: (v: number) => formatCount(v) }}
          series={[
            { dataKey: "inputTokens", stackId: "t", name: t("series.inputTokens"), fill: COLORS.violet },
            { dataKey: "outputTokens", stackId: "t", name: t("series.outputTokens"), fill: COLORS.amber },
          ]}
        />
      </ChartCard>

      <ChartCard id="latency-per-model" title={t("charts.latencyPerModel")} empty={called.length === 0}>
        <Columns
          data={called}
          yAxis={{ width: 40 }}
          countTooltip={false}
          series={[{ dataKey: "latencySeconds", name: t("series.latency"), fill: COLORS.teal }]}
        />
      </ChartCard>

      <ChartCard id="failures-per-model" title={t("charts.failuresPerModel")} empty={called.length === 0}>
        <Columns
          data={called}
          yAxis={countAxis}
          countTooltip={false}
          series={[
            { dataKey: "calls", name: t("series.calls"), fill: COLORS.primary },
            { dataKey: "failures", name: t("series.failures"), fill: COLORS.rose },
          ]}
        />
      </ChartCard>

      <ChartCard id="documents-per-day" title={t("charts.documentsPerDay")} empty={report.totals.documents === 0}>
        <Columns
          data={days}
          tickGap={12}
          yAxis={countAxis}
          series={[
            { dataKey: "documents", name: t("series.documents"), fill: COLORS.primary },
            { dataKey: "pages", name: t("series.pages"), fill: COLORS.amber },
          ]}
        />
      </ChartCard>

      <ChartCard id="quotes-per-day" title={t("charts.quotesPerDay")} empty={report.totals.quotes === 0}>
        <Columns
          data={days}
          tickGap={12}
          yAxis={countAxis}
          legend={false}
          series={[{ dataKey: "quotes", name: t("series.quotes"), fill: COLORS.violet }]}
        />
      </ChartCard>

      <ChartCard id="vendor-totals" title={t("charts.vendorTotals")} empty={vendors.length === 0}>
        <BarChart data={vendors} layout="vertical" margin={{ left: 8 }}>
          <CartesianGrid horizontal={false} strokeOpacity={0.15} stroke="currentColor" />
          <XAxis type="number" {...axis} tickFormatter={(v: number) => formatCount(v)} />
          <YAxis type="category" dataKey="label" {...axis} width={140} />
          <Tooltip
            {...tooltipStyle}
            formatter={(value, _name, item) => formatMoney(Number(value), (item.payload as { currency?: string }).currency ?? null)}
          />
          <Bar {...bar} dataKey="total" name={t("series.total")} fill={COLORS.teal} radius={[0, 4, 4, 0]} />
        </BarChart>
      </ChartCard>
    </div>
  );
}
