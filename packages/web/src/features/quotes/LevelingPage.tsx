import * as React from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, Award as AwardIcon, FileSpreadsheet, LocateFixed, Printer, Trophy } from "lucide-react";
import { cents, convert, lineAmount, MAX_RATE, type LevelingRate } from "@quorum/core/quote/leveling";
import type { PlacedLineItem } from "@quorum/core/quote/schema";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { OptionSelect } from "@/components/ui/option-select";
import { toast } from "@/hooks/use-toast";
import { useAuth } from "@/features/auth";
import { useProfile, type Profile } from "@/features/profile/queries";
import { useProject } from "@/features/projects/queries";
import { GOOD_TEXT } from "@/features/projects/colors";
import { boxParam } from "@/features/viewer/search";
import { formatCalendarDate, formatCount, formatMoney, formatTimeOfDay, NO_VALUE } from "@/lib/format";
import { cn } from "@/lib/utils";
import { awardRow, awardsOf, levelingOf, type Leveling } from "./leveling-model";
import { awardsParam, idsParam, ratesParam, type Award } from "./leveling-params";
import type { LevelingSearch } from "./leveling-search";
import { counterparty, type Quote } from "./model";
import { QuotesNotReady } from "./parts";
import { useProjectQuotes } from "./queries";
import { useSavedLeveling, useSaveLeveling } from "./saved-leveling";

/**
 * /projects/$id/quotes/compare: vendor leveling. Any number of vendor quotes side by side, their
 * line items matched into rows, each vendor's missing lines marked "not quoted", amounts converted
 * into one currency with rates the person enters (each with its date), an award per row and the
 * awarded total. Its state lives in the address and is kept with the project (opened from the
 * Quotes section, the page shows the leveling as last arranged); it exports to XLSX and prints as a report.
 */
export function LevelingPage({ projectId, search }: { projectId: number; search: LevelingSearch }) {
  const { t } = useTranslation("quotes");
  const quotes = useProjectQuotes(projectId);
  const project = useProject(projectId);
  const { user, synced } = useAuth();
  const profile = useProfile(user?.uid, synced);
  const navigate = useNavigate({ from: "/projects/$id/quotes/compare" });
  const saved = useSavedLeveling(projectId);
  const { save, saving, failed } = useSaveLeveling(projectId);
  // Every edit replaces the address (the back button leaves the page rather than undoing a rate) and is kept with the project.
  const update = (change: Partial<LevelingSearch>) => {
    void navigate({ search: (prev) => ({ ...prev, ...change }), replace: true, resetScroll: false });
    save({ ...search, ...change });
  };
  // Opened without a leveling in the address (from the Quotes section): the one last arranged, once.
  const restored = React.useRef(false);
  const kept = saved.data?.leveling;
  const savedTime = formatTimeOfDay(kept?.updatedAt);
  React.useEffect(() => {
    if (restored.current || saved.data === undefined) return;
    restored.current = true;
    if (!kept || search.quotes !== undefined || search.base || search.rates || search.award) return;
    const { quotes, base, rates, award } = kept;
    void navigate({ search: { quotes: quotes || undefined, base, rates, award }, replace: true, resetScroll: false });
  }, [kept, saved.data, search, navigate]);

  const leveling = React.useMemo(() => levelingOf(quotes.data?.quotes ?? [], search), [quotes.data, search]);
  const title = t("leveling.title");

  return (
    <main id="main" className="mx-auto grid w-full max-w-[1600px] gap-4 px-4 py-6 sm:px-6 print:max-w-none print:p-0">
      <CompanyHeading profile={profile.data} title={title} project={project.data?.name} />
      <Button asChild variant="ghost" size="sm" className="w-fit print:hidden">
        <Link to="/projects/$id/quotes" params={{ id: projectId }}>
          <ArrowLeft />
          {t("leveling.back")}
        </Link>
      </Button>
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <div className="min-w-64 flex-1">
          <h1 className="text-xl font-semibold leading-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{t("leveling.description")}</p>
          <p className="text-xs text-muted-foreground" aria-live="polite" data-testid="leveling-saved">
            {saving ? t("leveling.saving") : failed ? t("leveling.saveFailed") : savedTime ? t("leveling.saved", { time: savedTime }) : ""}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={leveling.quotes.length === 0} onClick={() => window.print()}>
            <Printer />
            {t("leveling.print")}
          </Button>
          <ExportButton leveling={leveling} profile={profile.data} project={project.data?.name ?? ""} />
        </div>
      </div>

      {!quotes.data ? (
        <QuotesNotReady failed={quotes.isError} />
      ) : leveling.vendor.length === 0 ? (
        <p className="rounded-lg border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
          {t("leveling.noVendorQuotes")}
        </p>
      ) : (
        <>
          <QuotePicker leveling={leveling} onChange={(ids) => update({ quotes: idsParam(ids), award: undefined })} />
          <Currencies leveling={leveling} update={update} />
          {leveling.quotes.length === 0 ? (
            <p className="rounded-lg border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">{t("compare.chooseTwo")}</p>
          ) : (
            <>
              <AwardSummary
                leveling={leveling}
                onAwardLowest={() => update({ award: awardsParam(awardsOf(leveling.rows, leveling.quotes, leveling.lowest)) })}
                onClear={() => update({ award: undefined })}
              />
              <LevelingTable projectId={projectId} leveling={leveling} onAward={(awards) => update({ award: awardsParam(awards) })} />
            </>
          )}
        </>
      )}
    </main>
  );
}

/** On the printed report only: who made it (the company from the profile), for what, and when. */
function CompanyHeading({ profile, title, project }: { profile?: Profile; title: string; project?: string }) {
  const details = [profile?.companyAddress, profile?.companyPhone, profile?.email].filter(Boolean).join(" · ");
  return (
    <header className="hidden items-start justify-between gap-6 border-b pb-3 print:flex">
      <div>
        {profile?.company && <p className="text-lg font-semibold">{profile.company}</p>}
        {details && <p className="text-xs">{details}</p>}
        <p className="mt-2 text-base font-semibold">
          {title}
          {project ? ` · ${project}` : ""}
        </p>
        <p className="text-xs">{formatCalendarDate(new Date().toISOString().slice(0, 10))}</p>
      </div>
      {profile?.companyLogo && <img src={profile.companyLogo} alt={profile.company ?? ""} className="max-h-16 max-w-48 object-contain" />}
    </header>
  );
}

function QuotePicker({ leveling, onChange }: { leveling: Leveling; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation("quotes");
  const chosen = leveling.quotes.map((q) => q.id);
  return (
    <fieldset className="flex flex-wrap gap-2 print:hidden">
      <legend className="mb-2 text-sm font-medium">{t("compare.choose")}</legend>
      {leveling.vendor.map((q) => {
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
              onCheckedChange={(value) => onChange(value ? [...chosen, q.id] : chosen.filter((id) => id !== q.id))}
              aria-label={t("compare.pick", { name: counterparty(q), number: q.quoteNumber ?? "" }).trim()}
            />
            {counterparty(q)}
            {q.quoteNumber && <span className="font-mono text-xs text-muted-foreground">{q.quoteNumber}</span>}
            {q.currency && <span className="text-xs text-muted-foreground">{q.currency}</span>}
          </label>
        );
      })}
    </fieldset>
  );
}

/** The leveling currency, and a rate with its date for each other currency among the quotes. */
function Currencies({ leveling, update }: { leveling: Leveling; update: (change: Partial<LevelingSearch>) => void }) {
  const { t } = useTranslation("quotes");
  const setRate = (currency: string, rate: LevelingRate | null) =>
    update({ rates: ratesParam([...leveling.rates.filter((r) => r.currency !== currency), ...(rate ? [rate] : [])]) || undefined });
  return (
    <>
      <p className="hidden text-sm print:block">
        {[
          t("leveling.xlsx.currency", { currency: leveling.base }),
          ...leveling.rates.map((r) => `1 ${r.currency} = ${r.rate} ${leveling.base} (${formatCalendarDate(r.date)})`),
        ].join(" · ")}
      </p>
      <section
        className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-[minmax(10rem,14rem)_1fr] print:hidden"
        aria-label={t("leveling.currencies")}
      >
        <div className="grid content-start gap-1.5">
          <Label htmlFor="leveling-base">{t("leveling.base")}</Label>
          <OptionSelect
            id="leveling-base"
            value={leveling.base}
            options={leveling.currencies}
            label={(c) => c}
            onChange={(base) => update({ base })}
          />
        </div>
        <div className="grid content-start gap-2">
          {leveling.foreign.length === 0 ? (
            <p className="self-center text-sm text-muted-foreground">{t("leveling.oneCurrency", { currency: leveling.base })}</p>
          ) : (
            leveling.foreign.map(({ currency, rate }) => (
              <RateRow
                key={`${currency}-${leveling.base}-${rate?.rate}-${rate?.date}`}
                currency={currency}
                base={leveling.base}
                rate={rate}
                onChange={(r) => setRate(currency, r)}
              />
            ))
          )}
          <p className="text-xs text-muted-foreground">{t("leveling.rateNote")}</p>
        </div>
      </section>
    </>
  );
}

/** "1 EUR = [1.08] USD on [2026-11-20]": the rate counts once both are filled in and valid. */
function RateRow({
  currency,
  base,
  rate,
  onChange,
}: {
  currency: string;
  base: string;
  rate: LevelingRate | null;
  onChange: (rate: LevelingRate | null) => void;
}) {
  const { t } = useTranslation("quotes");
  const [value, setValue] = React.useState(rate ? String(rate.rate) : "");
  const [date, setDate] = React.useState(rate?.date ?? "");
  const commit = (nextValue: string, nextDate: string) => {
    const n = Number(nextValue.replace(",", "."));
    const valid = nextValue.trim() !== "" && Number.isFinite(n) && n > 0 && n <= MAX_RATE && /^\d{4}-\d{2}-\d{2}$/.test(nextDate);
    if (valid) onChange({ currency, rate: n, date: nextDate });
    else if (rate) onChange(null);
  };
  const id = `rate-${currency}`;
  return (
    <div className="flex flex-wrap items-end gap-2 text-sm">
      <div className="grid gap-1">
        <Label htmlFor={id}>{t("leveling.rate", { currency, base })}</Label>
        <Input
          id={id}
          inputMode="decimal"
          className="w-32"
          value={value}
          placeholder="1.0000"
          onChange={(e) => setValue(e.target.value)}
          onBlur={() => commit(value, date)}
          onKeyDown={(e) => e.key === "Enter" && commit(value, date)}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-date`}>{t("leveling.rateDate")}</Label>
        <Input
          id={`${id}-date`}
          type="date"
          className="w-40"
          value={date}
          onChange={(e) => {
            setDate(e.target.value);
            commit(value, e.target.value);
          }}
        />
      </div>
      {!rate && <p className="pb-2 text-xs font-medium text-amber-700 dark:text-amber-400">{t("leveling.rateMissing", { currency })}</p>}
    </div>
  );
}

function AwardSummary({ leveling, onAwardLowest, onClear }: { leveling: Leveling; onAwardLowest: () => void; onClear: () => void }) {
  const { t } = useTranslation("quotes");
  const { awarded, rows, base } = leveling;
  const complete = awarded.missingRates.length === 0 && awarded.unpriced === 0;
  return (
    <section
      className="flex flex-wrap items-center gap-4 rounded-xl border border-primary/30 bg-primary/5 px-4 py-3"
      aria-label={t("leveling.awardedTotal")}
    >
      <Trophy className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("leveling.awardedTotal")}</p>
        <p className="text-2xl font-semibold tabular-nums" data-testid="awarded-total">
          {complete ? formatMoney(awarded.total, base) : NO_VALUE}
        </p>
        <p className="text-xs text-muted-foreground">
          {t("leveling.awardedCount", { awarded: awarded.awarded, count: rows.length })}
          {awarded.missingRates.length > 0 && ` · ${t("leveling.needsRate", { currencies: awarded.missingRates.join(", ") })}`}
          {awarded.unpriced > 0 && ` · ${t("leveling.unpriced", { count: awarded.unpriced })}`}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button size="sm" onClick={onAwardLowest}>
          <AwardIcon />
          {t("leveling.awardLowest")}
        </Button>
        <Button size="sm" variant="ghost" disabled={awarded.awarded === 0} onClick={onClear}>
          {t("leveling.clearAwards")}
        </Button>
      </div>
    </section>
  );
}

/** A converted figure, always with the rate and date it was converted at. */
function Converted({ amount, quote, leveling }: { amount: number | null; quote: Quote; leveling: Leveling }) {
  const { t } = useTranslation("quotes");
  const rate = leveling.rateOf(quote);
  if (rate === 1 || amount === null) return null;
  if (rate === null) return <span className="block text-[11px] text-amber-700 dark:text-amber-400">{t("leveling.noRate")}</span>;
  return (
    <span className="block text-xs text-muted-foreground" data-testid="converted">
      ≈ {formatMoney(convert(amount, quote.currency, leveling.base, leveling.rates), leveling.base)}{" "}
      <span className="whitespace-nowrap text-[11px]">
        {t("leveling.at", { rate: String(rate.rate), date: formatCalendarDate(rate.date) })}
      </span>
    </span>
  );
}

function SourceLink({ quote, line, label }: { quote: Quote; line: PlacedLineItem; label: string }) {
  const { t: td } = useTranslation("documents");
  const page = line.source?.page ?? line.page;
  if (!page) return null;
  return (
    <Link
      to="/projects/$id/documents/$documentId"
      params={{ id: quote.projectId, documentId: quote.documentId }}
      search={{ page, ...(line.source?.box ? { box: boxParam(line.source.box) } : {}) }}
      className="ml-1 inline-flex align-middle text-muted-foreground hover:text-primary print:hidden"
      aria-label={td("viewer.showOnPage", { field: label })}
      title={td("viewer.showOnPage", { field: label })}
    >
      <LocateFixed className="size-3.5" aria-hidden />
    </Link>
  );
}

function LevelingTable({ projectId, leveling, onAward }: { projectId: number; leveling: Leveling; onAward: (awards: Award[]) => void }) {
  const { t } = useTranslation("quotes");
  const { quotes, rows, awards, lowest, base, rates } = leveling;
  const awardedBy = quotes.map((q, qi) =>
    cents(
      rows.reduce((sum, row, ri) => {
        const line = awards[ri] === qi ? row.cells[qi] : null;
        const converted = line === null || line === undefined ? null : convert(lineAmount(q.lineItems[line]!), q.currency, base, rates);
        return sum + (converted ?? 0);
      }, 0),
    ),
  );
  const footer = (label: string, cell: (q: Quote, qi: number) => React.ReactNode, strong = false) => (
    <tr className="border-b">
      <th
        scope="row"
        className={cn("sticky left-0 bg-card px-3 py-2.5 text-left", strong ? "font-semibold" : "font-normal text-muted-foreground")}
      >
        {label}
      </th>
      {quotes.map((q, qi) => (
        <td key={q.id} className={cn("px-3 py-2.5 text-right tabular-nums", strong && "font-semibold")}>
          {cell(q, qi)}
        </td>
      ))}
    </tr>
  );
  return (
    <div className="overflow-x-auto rounded-xl border bg-card shadow-sm print:overflow-visible print:shadow-none">
      <table className="w-full text-sm" aria-label={t("leveling.table")}>
        <thead>
          <tr className="border-b bg-muted/40 text-left align-bottom">
            <th
              scope="col"
              className="sticky left-0 min-w-44 bg-muted px-3 py-2.5 text-xs font-medium uppercase tracking-wide text-muted-foreground"
            >
              {t("compare.item")}
            </th>
            {quotes.map((q) => (
              <th key={q.id} scope="col" className="min-w-48 px-3 py-2.5 text-right">
                <span className="block font-semibold">{counterparty(q)}</span>
                <span className="block font-mono text-xs font-normal text-muted-foreground">
                  {q.quoteNumber ?? NO_VALUE} · {q.currency ?? t("noCurrency")}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, ri) => {
            const quotedBy = row.cells.filter((c) => c !== null).length;
            return (
              <tr key={ri} className="border-b align-top" data-testid="leveling-row">
                <th scope="row" className="sticky left-0 bg-card px-3 py-2.5 text-left font-normal">
                  {row.description}
                </th>
                {row.cells.map((line, qi) => {
                  const quote = quotes[qi]!;
                  if (line === null)
                    return (
                      <td key={quote.id} className="px-3 py-2.5 text-right">
                        <span className="rounded bg-amber-500/10 px-1.5 py-0.5 text-[11px] font-semibold uppercase text-amber-800 dark:text-amber-300">
                          {t("leveling.notQuoted")}
                        </span>
                      </td>
                    );
                  const item = quote.lineItems[line]!;
                  const amount = lineAmount(item);
                  const isLowest = quotedBy >= 2 && lowest[ri] === qi;
                  const isAwarded = awards[ri] === qi;
                  return (
                    <td
                      key={quote.id}
                      className={cn(
                        "px-3 py-2.5 text-right tabular-nums",
                        isAwarded && "bg-primary/10",
                        !isAwarded && isLowest && "bg-success/10",
                      )}
                    >
                      <span className="block text-xs text-muted-foreground">
                        {item.quantity === null ? NO_VALUE : formatCount(item.quantity)} {item.unit ?? ""} ×{" "}
                        {formatMoney(item.unitPrice, quote.currency)}
                      </span>
                      <span className={cn("block font-medium", isLowest && GOOD_TEXT)}>
                        {formatMoney(amount, quote.currency)}
                        <SourceLink quote={quote} line={item} label={`${row.description} (${counterparty(quote)})`} />
                      </span>
                      <Converted amount={amount} quote={quote} leveling={leveling} />
                      <span className="mt-1 flex items-center justify-end gap-2">
                        {isLowest && <span className={cn("text-[10px] font-semibold uppercase", GOOD_TEXT)}>{t("compare.lowest")}</span>}
                        <label className="inline-flex cursor-pointer items-center gap-1 text-xs print:hidden">
                          <input
                            type="radio"
                            name={`award-${ri}`}
                            checked={isAwarded}
                            onChange={() => onAward(awardRow(leveling, ri, qi))}
                            aria-label={t("leveling.awardTo", { item: row.description, name: counterparty(quote) })}
                            className="size-3.5 accent-primary"
                          />
                          {t(isAwarded ? "leveling.awarded" : "leveling.award")}
                        </label>
                        {isAwarded && <span className="hidden text-xs font-semibold print:inline">{t("leveling.awarded")}</span>}
                      </span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
        <tfoot className="bg-muted/20">
          {footer(t("leveling.awardedHere", { currency: base }), (_, qi) => formatMoney(awardedBy[qi], base), true)}
          {footer(
            t("compare.total"),
            (q) => (
              <>
                {formatMoney(q.total, q.currency)}
                <Converted amount={q.total} quote={q} leveling={leveling} />
              </>
            ),
            true,
          )}
          {footer(t("fields.shipping"), (q) => formatMoney(q.shipping, q.currency))}
          {footer(t("fields.paymentTerms"), (q) => q.paymentTerms ?? NO_VALUE)}
          {footer(t("fields.validUntil"), (q) => formatCalendarDate(q.validUntil))}
          {footer(t("leveling.source"), (q) => (
            <Link
              to="/projects/$id/documents/$documentId"
              params={{ id: projectId, documentId: q.documentId }}
              search={{ page: 1 }}
              className="text-primary underline-offset-4 hover:underline"
            >
              {q.documentName}
            </Link>
          ))}
        </tfoot>
      </table>
    </div>
  );
}

/** XLSX export: the spreadsheet code (exceljs) loads only when a person exports. */
function ExportButton({ leveling, profile, project }: { leveling: Leveling; profile?: Profile; project: string }) {
  const { t } = useTranslation("quotes");
  const [busy, setBusy] = React.useState(false);
  const exportXlsx = async () => {
    setBusy(true);
    try {
      const { downloadLevelingXlsx } = await import("./leveling-xlsx");
      await downloadLevelingXlsx({ leveling, profile, project, t });
    } catch (error) {
      console.error(error);
      toast({ title: t("leveling.exportFailed"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" disabled={busy || leveling.quotes.length === 0} onClick={() => void exportXlsx()}>
      <FileSpreadsheet />
      {busy ? t("leveling.exporting") : t("leveling.export")}
    </Button>
  );
}
