import * as React from "react";
import { useTranslation } from "react-i18next";
import { TrendingDown } from "lucide-react";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/utils";
import { compareQuotes } from "./compare";
import { counterparty, type Quote } from "./model";
import { GOOD_TEXT } from "@/features/projects/colors";
import { formatCalendarDate, formatCount, formatMoney, formatPercent, NO_VALUE } from "@/lib/format";

/** At most this many quotes side by side: more columns would not be readable. */
const MAX_COLUMNS = 4;

/** Vendor quotes side by side, line item by line item, the lowest unit price marked. */
export function CompareQuotesDialog({
  quotes: listed,
  open,
  onOpenChange,
}: {
  quotes: Quote[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("quotes");
  // Columns in a stable order (by vendor), whatever order the list shows.
  const quotes = [...listed].sort((a, b) => counterparty(a).localeCompare(counterparty(b)) || a.id - b.id);
  const [chosen, setChosen] = React.useState<number[]>(() => quotes.slice(0, MAX_COLUMNS).map((q) => q.id));
  const selected = quotes.filter((q) => chosen.includes(q.id));
  const comparison = compareQuotes(selected);
  const currency = selected[0]?.currency ?? null;
  const mixedCurrencies = new Set(selected.map((q) => q.currency ?? "")).size > 1;

  const totals = comparison.matchedTotals;
  const comparable = totals.filter((t): t is number => t !== null);
  const lowestMatched = comparable.length >= 2 ? Math.min(...comparable) : null;
  const quoteTotals = selected.map((q) => q.total);
  const lowestTotal =
    quoteTotals.filter((t): t is number => t !== null).length >= 2 ? Math.min(...quoteTotals.filter((t): t is number => t !== null)) : null;

  let headline: string | null = null;
  if (comparable.length >= 2 && !mixedCurrencies) {
    const [best, second] = [...comparable].sort((a, b) => a - b) as [number, number];
    if (second > best) {
      const winner = selected[totals.indexOf(best)]!;
      headline = t("compare.headline", {
        count: comparison.matchedCount,
        name: counterparty(winner),
        difference: formatMoney(second - best, currency),
        percent: formatPercent((second - best) / second, 1),
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-6xl gap-4">
        <DialogHeader className="text-left">
          <DialogTitle>{t("compare.title")}</DialogTitle>
          <DialogDescription>{t("compare.description")}</DialogDescription>
        </DialogHeader>

        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">{t("compare.choose")}</legend>
          {quotes.map((q) => {
            const checked = chosen.includes(q.id);
            return (
              <label
                key={q.id}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm transition-colors",
                  checked ? "border-primary/40 bg-primary/5" : "text-muted-foreground hover:bg-muted/50",
                )}
              >
                <Checkbox
                  checked={checked}
                  disabled={!checked && chosen.length >= MAX_COLUMNS}
                  onCheckedChange={(value) => setChosen((c) => (value ? [...c, q.id] : c.filter((id) => id !== q.id)))}
                  aria-label={t("compare.pick", { name: counterparty(q), number: q.quoteNumber ?? "" }).trim()}
                />
                {counterparty(q)}
                {q.quoteNumber && <span className="font-mono text-xs text-muted-foreground">{q.quoteNumber}</span>}
              </label>
            );
          })}
        </fieldset>

        {selected.length < 2 ? (
          <p className="rounded-lg border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">{t("compare.chooseTwo")}</p>
        ) : (
          <>
            {headline && (
              <div className="flex items-start gap-2 rounded-lg border border-success/30 bg-success/10 px-4 py-3 text-sm">
                <TrendingDown className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                <p>{headline}</p>
              </div>
            )}
            {mixedCurrencies && (
              <p className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm">{t("compare.mixedCurrencies")}</p>
            )}
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full min-w-[720px] text-sm" aria-label={t("compare.table")}>
                <thead>
                  <tr className="border-b bg-muted/40 text-left align-bottom">
                    <th className="px-3 py-2.5 text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("compare.item")}</th>
                    {selected.map((q) => (
                      <th key={q.id} scope="col" className="px-3 py-2.5 text-right">
                        <span className="block font-semibold">{counterparty(q)}</span>
                        <span className="block font-mono text-xs font-normal text-muted-foreground">{q.quoteNumber ?? NO_VALUE}</span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {comparison.rows.map((row, ri) => (
                    <tr key={ri} className="border-b" data-testid="comparison-row">
                      <th scope="row" className="px-3 py-2.5 text-left font-normal">
                        {row.description}
                        {row.cells.some((c) => c === null) && (
                          <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-[10px] font-semibold uppercase text-muted-foreground">
                            {t("compare.notInEvery")}
                          </span>
                        )}
                      </th>
                      {row.cells.map((cell, ci) => (
                        <td key={ci} className={cn("px-3 py-2.5 text-right tabular-nums", row.cheapest === ci && "bg-success/10")}>
                          {cell ? (
                            <>
                              <span className={cn("block font-medium", row.cheapest === ci && GOOD_TEXT)}>
                                {formatMoney(cell.unitPrice, selected[ci]!.currency)}
                                {row.cheapest === ci && (
                                  <span className="ml-1.5 text-[10px] font-semibold uppercase">{t("compare.lowest")}</span>
                                )}
                              </span>
                              <span className="block text-xs text-muted-foreground">
                                {cell.quantity === null ? NO_VALUE : formatCount(cell.quantity)} × ={" "}
                                {formatMoney(cell.amount, selected[ci]!.currency)}
                              </span>
                            </>
                          ) : (
                            <span className="text-muted-foreground">{NO_VALUE}</span>
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot className="bg-muted/20">
                  <tr className="border-b">
                    <th scope="row" className="px-3 py-2.5 text-left font-medium">
                      {t("compare.matched", { count: comparison.matchedCount })}
                    </th>
                    {totals.map((t, i) => (
                      <td
                        key={i}
                        className={cn("px-3 py-2.5 text-right font-medium tabular-nums", t !== null && t === lowestMatched && GOOD_TEXT)}
                      >
                        {formatMoney(t, selected[i]!.currency)}
                      </td>
                    ))}
                  </tr>
                  <tr className="border-b">
                    <th scope="row" className="px-3 py-2.5 text-left font-semibold">
                      {t("compare.total")}
                    </th>
                    {selected.map((q) => (
                      <td
                        key={q.id}
                        className={cn(
                          "px-3 py-2.5 text-right text-base font-semibold tabular-nums",
                          q.total !== null && q.total === lowestTotal && GOOD_TEXT,
                        )}
                      >
                        {formatMoney(q.total, q.currency)}
                      </td>
                    ))}
                  </tr>
                  <tr className="border-b text-muted-foreground">
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      {t("fields.validUntil")}
                    </th>
                    {selected.map((q) => (
                      <td key={q.id} className="px-3 py-2 text-right">
                        {formatCalendarDate(q.validUntil)}
                      </td>
                    ))}
                  </tr>
                  <tr className="text-muted-foreground">
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      {t("fields.paymentTerms")}
                    </th>
                    {selected.map((q) => (
                      <td key={q.id} className="px-3 py-2 text-right">
                        {q.paymentTerms ?? NO_VALUE}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
