import * as React from "react";
import { useTranslation } from "react-i18next";
import { AlertCircle, AlertTriangle, Columns3, FileText, Loader2, Receipt, Upload } from "lucide-react";
import { Link } from "@tanstack/react-router";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { QuotelessDocument } from "@quorum/core/quote/schema";
import { counterparty, isExpired, type Quote } from "./model";
import { formatCalendarDate, formatCount, formatMoney, NO_VALUE } from "@/lib/format";
import type { TFunction } from "i18next";
import { KindBadge, QuotesNotReady, StatusBadge, viewDocument } from "./parts";
import { QuoteDetailDialog } from "./QuoteDetailDialog";
import { useProjectQuotes } from "./queries";
import { nextToReview } from "./review";

/**
 * /projects/$id/quotes: every quote read from the project's documents, as a
 * table; open one for its line items, flags and corrections; level vendor
 * quotes on their own page; export as CSV.
 */
export function QuotesSection({ projectId, openFirst }: { projectId: number; openFirst?: number }) {
  const { t } = useTranslation("quotes");
  const quotes = useProjectQuotes(projectId);
  // a link to one quote (from search) opens its detail
  const [openId, setOpenId] = React.useState<number | null>(openFirst ?? null);
  const [reviewOnly, setReviewOnly] = React.useState(false);
  const list = quotes.data?.quotes ?? [];
  const open = list.find((q) => q.id === openId);
  const next = open ? nextToReview(list, open.id) : null;
  const vendorQuotes = list.filter((q) => q.kind === "vendor");

  return (
    <div className="grid gap-4">
      <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
        <header className="flex flex-wrap items-center gap-3 border-b px-4 py-3 sm:px-6">
          <div className="flex size-9 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Receipt className="size-[18px]" aria-hidden="true" />
          </div>
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold leading-tight">{t("section.title")}</h2>
            <p className="text-xs text-muted-foreground">{t("section.description")}</p>
          </div>
          {vendorQuotes.length >= 2 ? (
            <Button asChild variant="outline" size="sm">
              <Link to="/projects/$id/quotes/compare" params={{ id: projectId }}>
                <Columns3 />
                {t("compare.title")}
              </Link>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled>
              <Columns3 />
              {t("compare.title")}
            </Button>
          )}
        </header>

        {!quotes.data ? (
          <QuotesNotReady failed={quotes.isError} className="px-6" />
        ) : (
          <>
            {list.length > 0 && <Summary quotes={list} />}
            {list.length === 0 ? (
              <Empty projectId={projectId} waiting={quotes.data.documents.length > 0} />
            ) : (
              <>
                <ReviewFilter quotes={list} on={reviewOnly} onChange={setReviewOnly} />
                <QuotesTable quotes={reviewOnly ? list.filter((q) => q.status === "needs_review") : list} onOpen={setOpenId} />
              </>
            )}
          </>
        )}
      </div>
      {quotes.data && quotes.data.documents.length > 0 && <Quoteless documents={quotes.data.documents} />}

      {open && (
        <QuoteDetailDialog
          projectId={projectId}
          quote={open}
          open
          onOpenChange={(o) => !o && setOpenId(null)}
          onNextQuote={next === null ? undefined : () => setOpenId(next)}
        />
      )}
    </div>
  );
}

/** "Needs review" as a filter of the table, with how many there are; nothing when none does. */
function ReviewFilter({ quotes, on, onChange }: { quotes: Quote[]; on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation("quotes");
  const count = quotes.filter((q) => q.status === "needs_review").length;
  if (count === 0 && !on) return null;
  return (
    <div className="flex justify-end border-b px-4 py-2 sm:px-6">
      <Button variant={on ? "secondary" : "ghost"} size="sm" aria-pressed={on} onClick={() => onChange(!on)}>
        <AlertTriangle className="text-amber-600 dark:text-amber-400" />
        {on ? t("summary.showAll") : t("summary.onlyReview", { count })}
      </Button>
    </div>
  );
}

function Summary({ quotes }: { quotes: Quote[] }) {
  const { t } = useTranslation("quotes");
  const { lowest, among } = lowestVendorTotal(quotes);
  const review = quotes.filter((q) => q.status === "needs_review").length;
  const stats = [
    {
      label: t("summary.quotes"),
      value: formatCount(quotes.length),
      hint: t("summary.kinds", {
        vendor: quotes.filter((q) => q.kind === "vendor").length,
        customer: quotes.filter((q) => q.kind === "customer").length,
      }),
    },
    {
      label: t("summary.needReview"),
      value: formatCount(review),
      hint: t(review ? "summary.notAddingUp" : "summary.allAddUp"),
      warn: review > 0,
    },
    {
      label: t("summary.lowest"),
      value: lowest ? formatMoney(lowest.total, lowest.currency) : NO_VALUE,
      hint: lowest
        ? among
          ? t("summary.lowestAmong", { name: counterparty(lowest), count: among.count, currency: among.currency ?? t("noCurrency") })
          : counterparty(lowest)
        : t("summary.noLowest"),
    },
  ];
  return (
    <dl className="grid grid-cols-1 divide-y border-b sm:grid-cols-3 sm:divide-x sm:divide-y-0">
      {stats.map((s) => (
        <div key={s.label} className="px-6 py-4">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{s.label}</dt>
          <dd className={cn("mt-1 text-2xl font-semibold tabular-nums", s.warn && "text-amber-600 dark:text-amber-400")}>{s.value}</dd>
          <dd className="truncate text-xs text-muted-foreground">{s.hint}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The cheapest vendor total, compared only within one currency: with quotes in several, the
 * currency most of them use (amounts in different currencies are not comparable).
 */
function lowestVendorTotal(quotes: Quote[]): { lowest?: Quote; among?: { count: number; currency: string | null } } {
  const vendor = quotes.filter((q) => q.kind === "vendor" && q.total !== null);
  const counts = new Map<string | null, number>();
  for (const q of vendor) counts.set(q.currency, (counts.get(q.currency) ?? 0) + 1);
  const [currency, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  const same = vendor.filter((q) => q.currency === currency);
  const lowest = same.reduce<Quote | undefined>((best, q) => (!best || q.total! < best.total! ? q : best), undefined);
  const among = counts.size > 1 ? { count, currency } : undefined;
  return { lowest, among };
}

function QuotesTable({ quotes, onOpen }: { quotes: Quote[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation("quotes");
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[720px] text-sm" aria-label={t("section.title")}>
        <thead>
          <tr className="border-b bg-muted/40 text-left text-xs font-medium uppercase tracking-wide text-muted-foreground">
            <th className="py-2.5 pl-6 pr-3 font-medium">{t("table.party")}</th>
            <th className="px-3 py-2.5 font-medium">{t("table.number")}</th>
            <th className="px-3 py-2.5 font-medium">{t("table.date")}</th>
            <th className="px-3 py-2.5 text-right font-medium">{t("table.total")}</th>
            <th className="px-3 py-2.5 font-medium">{t("table.status")}</th>
            <th className="py-2.5 pl-3 pr-6 font-medium">{t("table.source")}</th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((q) => {
            const expired = isExpired(q.validUntil);
            return (
              <tr
                key={q.id}
                data-testid="quote-row"
                onClick={() => onOpen(q.id)}
                className="group cursor-pointer border-b transition-colors last:border-b-0 hover:bg-muted/40"
              >
                <td className="min-w-40 py-3 pl-6 pr-3">
                  <div className="flex flex-col items-start gap-1">
                    <button
                      type="button"
                      onClick={(e) => {
                        e.stopPropagation();
                        onOpen(q.id);
                      }}
                      className="w-fit cursor-pointer text-left font-medium text-foreground underline-offset-4 group-hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {counterparty(q)}
                    </button>
                    <KindBadge kind={q.kind} />
                  </div>
                </td>
                <td className="whitespace-nowrap px-3 py-3 font-mono text-xs">{q.quoteNumber ?? NO_VALUE}</td>
                <td className="whitespace-nowrap px-3 py-3 text-muted-foreground">
                  <span className="block">{formatCalendarDate(q.quoteDate)}</span>
                  {q.validUntil && (
                    <span className={cn("text-[11px]", expired && "font-medium text-amber-700 dark:text-amber-400")}>
                      {t(expired ? "table.expired" : "table.validUntil", { date: formatCalendarDate(q.validUntil) })}
                    </span>
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-right">
                  <span className="block font-semibold tabular-nums">{formatMoney(q.total, q.currency)}</span>
                  <span className="text-[11px] text-muted-foreground">{q.currency ?? t("noCurrency")}</span>
                </td>
                <td className="px-3 py-3">
                  <StatusBadge status={q.status} />
                </td>
                <td className="py-3 pl-3 pr-6">
                  <button
                    type="button"
                    onClick={(e) => {
                      e.stopPropagation();
                      viewDocument(q.documentId, q.documentName);
                    }}
                    className="inline-flex max-w-32 cursor-pointer items-center gap-1.5 text-primary underline-offset-4 hover:underline"
                    aria-label={t("table.view", { name: q.documentName })}
                  >
                    <FileText className="size-3.5 shrink-0" aria-hidden="true" />
                    <span className="truncate">{q.documentName}</span>
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Empty({ projectId, waiting }: { projectId: number; waiting: boolean }) {
  const { t } = useTranslation("quotes");
  return (
    <div className="flex flex-col items-center gap-4 px-6 py-16 text-center">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <Receipt className="size-7" aria-hidden="true" />
      </div>
      <div className="grid gap-1.5">
        <p className="text-lg font-semibold">{t("empty.title")}</p>
        <p className="max-w-sm text-balance text-sm text-muted-foreground">{t(waiting ? "empty.waiting" : "empty.upload")}</p>
      </div>
      <Button asChild variant="outline">
        <Link to="/projects/$id/upload" params={{ id: projectId }}>
          <Upload />
          {t("empty.uploadButton")}
        </Link>
      </Button>
    </div>
  );
}

/** Why a document filed with the quotes has no row: what it was read as, when that is known. */
function notAQuote(t: TFunction<"quotes">, documentType: string | null | undefined) {
  return documentType && ["invoice", "credit_note", "other"].includes(documentType)
    ? t("quoteless.readAs", { type: documentType })
    : t("quoteless.none");
}

function Quoteless({ documents }: { documents: QuotelessDocument[] }) {
  const { t } = useTranslation("quotes");
  return (
    <div className="rounded-xl border bg-card px-4 py-3 shadow-sm sm:px-6">
      <h3 className="text-sm font-medium">{t("quoteless.title")}</h3>
      <ul className="mt-2 grid gap-1.5 text-sm">
        {documents.map((d) => {
          const busy = d.processingStatus === "processing" || d.processingStatus === "uploading";
          return (
            <li key={d.documentId} className="flex items-start gap-2 text-muted-foreground">
              {busy ? (
                <Loader2 className="mt-0.5 size-4 shrink-0 animate-spin text-primary" aria-hidden="true" />
              ) : (
                <AlertCircle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
              )}
              <span>
                <span className="font-medium text-foreground">{d.fileName}</span>:{" "}
                {busy
                  ? t("quoteless.busy")
                  : d.processingStatus === "failed"
                    ? (d.failureReason ?? t("quoteless.failed"))
                    : notAQuote(t, d.documentType)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
