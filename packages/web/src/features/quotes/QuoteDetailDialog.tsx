import * as React from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { AlertTriangle, CheckCircle2, Download, FileText, Pencil, Plus, Trash2 } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { counterparty, csvFileName, downloadCsv, quoteCsv, typeLabel, type Quote } from "./model";
import { currentLocale } from "@/i18n/languages";
import { formatCalendarDate, formatMoney, NO_VALUE } from "@/lib/format";
import { KindBadge, StatusBadge, viewDocument } from "./parts";
import type { CorrectedField, CorrectionInput, Flag, LineItem } from "@quorum/core/quote/schema";
import { isStale, useCorrectQuote } from "./queries";

type TextField = "vendorName" | "customerName" | "quoteNumber" | "quoteDate" | "validUntil" | "currency" | "paymentTerms";
type MoneyField = "subtotal" | "tax" | "shipping" | "total";
type Translate = TFunction<"quotes">;
const TEXT_FIELDS: { key: TextField; type?: string }[] = [
  { key: "vendorName" },
  { key: "customerName" },
  { key: "quoteNumber" },
  { key: "quoteDate", type: "date" },
  { key: "validUntil", type: "date" },
  { key: "currency" },
  { key: "paymentTerms" },
];
const MONEY_FIELDS: MoneyField[] = ["subtotal", "tax", "shipping", "total"];

/** A field's label; an invoice's number and date are the invoice's: "Invoice number", not "Quote number". */
const fieldLabel = (t: Translate, key: TextField | MoneyField, q: Pick<Quote, "documentType">) =>
  t(`fields.${key}`, { type: q.documentType === "other" ? "document" : (q.documentType ?? "quote") });

type Draft = Record<TextField | MoneyField, string> & {
  lineItems: Record<"description" | "quantity" | "unit" | "unitPrice" | "amount", string>[];
};

const asText = (n: number | null) => (n === null ? "" : String(n));
/** "$1,234.50" or "1234.5" -> 1234.5; blank -> null; anything else -> NaN (refused before sending). */
const asNumber = (text: string) => {
  const t = text.replace(/[$€£,\s]/g, "");
  return t === "" ? null : Number(t);
};

function draftOf(q: Quote): Draft {
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f.key, q[f.key] ?? ""])) as Record<TextField, string>),
    ...(Object.fromEntries(MONEY_FIELDS.map((key) => [key, asText(q[key])])) as Record<MoneyField, string>),
    lineItems: q.lineItems.map((l) => ({
      description: l.description,
      quantity: asText(l.quantity),
      unit: l.unit ?? "",
      unitPrice: asText(l.unitPrice),
      amount: asText(l.amount),
    })),
  };
}

/** Only what changed goes to PUT /api/quotes/{id}; a bad number is named before anything is sent. */
function correctionOf(q: Quote, d: Draft, t: Translate): CorrectionInput | string {
  const changes: CorrectionInput = {};
  for (const { key } of TEXT_FIELDS) {
    const value = d[key].trim() || null;
    if (value !== (q[key] ?? null)) (changes as Record<string, unknown>)[key] = key === "currency" && value ? value.toUpperCase() : value;
    if (key === "currency" && value && !/^[A-Za-z]{3}$/.test(value)) return t("check.currency", { field: fieldLabel(t, key, q) });
  }
  for (const key of MONEY_FIELDS) {
    const value = asNumber(d[key]);
    if (Number.isNaN(value)) return t("check.number", { field: fieldLabel(t, key, q) });
    if (value !== q[key]) changes[key] = value;
  }
  const lines: LineItem[] = [];
  for (const [i, l] of d.lineItems.entries()) {
    const numbers = { quantity: asNumber(l.quantity), unitPrice: asNumber(l.unitPrice), amount: asNumber(l.amount) };
    for (const [name, value] of Object.entries(numbers))
      if (Number.isNaN(value)) return t("check.lineNumber", { line: i + 1, field: t(`lines.${name}`) });
    if (!l.description.trim()) return t("check.lineDescription", { line: i + 1 });
    lines.push({ description: l.description.trim(), ...numbers, unit: l.unit.trim() || null, page: q.lineItems[i]?.page ?? null });
  }
  const before = JSON.stringify(q.lineItems.map(({ page: _p, ...l }) => l));
  const after = JSON.stringify(lines.map(({ page: _p, ...l }) => l));
  if (before !== after) changes.lineItems = lines;
  return changes;
}

/**
 * A failed check in the language on screen. The server words its flags in English (shown as
 * they are in English); other languages rebuild the sentence from the flag's code and numbers.
 */
function flagText(t: Translate, flag: Flag, quote: Quote): string {
  const money = (n: number | null) => formatMoney(n, quote.currency);
  const line = flag.line ?? 0;
  return t(`flag.${flag.code}`, {
    expected: money(flag.expected),
    actual: money(flag.actual),
    line: line + 1,
    description: quote.lineItems[line]?.description ?? "",
  });
}

export function QuoteDetailDialog({
  projectId,
  quote,
  open,
  onOpenChange,
}: {
  projectId: number;
  quote: Quote;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation("quotes");
  const { t: tc } = useTranslation("common");
  const [draft, setDraft] = React.useState<Draft | null>(null);
  const correct = useCorrectQuote(projectId);
  const editing = draft !== null;

  const save = () => {
    if (!draft) return;
    const changes = correctionOf(quote, draft, t);
    if (typeof changes === "string") {
      toast({ title: t("check.title"), description: changes, variant: "destructive" });
      return;
    }
    if (Object.keys(changes).length === 0) {
      setDraft(null);
      return;
    }
    correct.mutate(
      { id: quote.id, version: quote.version, changes },
      {
        onSuccess: () => {
          setDraft(null);
          toast({ title: t("detail.updated", { type: typeLabel(quote.documentType) }), description: t("detail.updatedDetail") });
        },
        onError: (error) => {
          // the reloaded quote shows instead of a draft made on older values
          if (isStale(error)) setDraft(null);
          toast({
            title: t("detail.saveFailed"),
            description: error instanceof ApiError ? error.detail : t("detail.tryAgain"),
            variant: "destructive",
          });
        },
      },
    );
  };

  const set = (key: TextField | MoneyField, value: string) => setDraft((d) => (d ? { ...d, [key]: value } : d));
  const setLine = (i: number, key: keyof Draft["lineItems"][number], value: string) =>
    setDraft((d) => (d ? { ...d, lineItems: d.lineItems.map((l, j) => (j === i ? { ...l, [key]: value } : l)) } : d));
  const was = (key: CorrectedField) =>
    quote.correctedFields.includes(key) && key in quote.original ? (
      <span className="block text-[11px] text-muted-foreground">
        {t("detail.was", {
          value: (MONEY_FIELDS as string[]).includes(key)
            ? formatMoney(quote.original[key] as number | null, quote.currency)
            : key === "quoteDate" || key === "validUntil"
              ? formatCalendarDate(quote.original[key] as string | null)
              : String(quote.original[key] ?? NO_VALUE),
        })}
      </span>
    ) : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setDraft(null);
        onOpenChange(o);
      }}
    >
      <DialogContent className="max-w-4xl gap-5 p-0">
        <DialogHeader className="gap-2 border-b px-6 pb-4 pt-6 text-left">
          <div className="flex flex-wrap items-center gap-2 pr-8">
            <KindBadge kind={quote.kind} />
            <StatusBadge status={quote.status} />
          </div>
          <DialogTitle className="text-xl">{counterparty(quote)}</DialogTitle>
          <DialogDescription>
            {typeLabel(quote.documentType)} {quote.quoteNumber ?? t("detail.noNumber")} · {quote.documentName}
          </DialogDescription>
          <div className="flex flex-wrap gap-2 pt-1">
            {editing ? (
              <>
                <Button size="sm" onClick={save} disabled={correct.isPending}>
                  {correct.isPending ? t("detail.saving") : t("detail.save")}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setDraft(null)} disabled={correct.isPending}>
                  {tc("cancel")}
                </Button>
              </>
            ) : (
              <>
                <Button size="sm" variant="outline" onClick={() => setDraft(draftOf(quote))}>
                  <Pencil />
                  {t("detail.edit")}
                </Button>
                <Button size="sm" variant="outline" onClick={() => downloadCsv(csvFileName(quote), quoteCsv(quote))}>
                  <Download />
                  {t("detail.export")}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => viewDocument(quote.documentId, quote.documentName)}>
                  <FileText />
                  {t("detail.viewDocument")}
                </Button>
              </>
            )}
          </div>
        </DialogHeader>

        <div className="grid gap-5 px-6 pb-6">
          {quote.flags.length > 0 ? (
            <Alert className="border-amber-500/40 bg-amber-500/10 [&>svg]:text-amber-600 dark:[&>svg]:text-amber-400">
              <AlertTriangle />
              <div>
                <AlertTitle className="font-semibold">{t("detail.checksFailed", { count: quote.flags.length })}</AlertTitle>
                <AlertDescription>
                  <ul className="mt-1 grid list-disc gap-1 pl-4 text-foreground/80" aria-label={t("detail.flags")}>
                    {quote.flags.map((f, i) => (
                      <li key={i}>{i18n.language === "en" ? f.message : flagText(t, f, quote)}</li>
                    ))}
                  </ul>
                </AlertDescription>
              </div>
            </Alert>
          ) : (
            <Alert variant="success">
              <CheckCircle2 />
              <AlertDescription className="text-foreground/80">{t("detail.addsUp")}</AlertDescription>
            </Alert>
          )}

          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
            {TEXT_FIELDS.map((f) => (
              <div key={f.key} className="grid gap-1">
                <dt className="text-xs font-medium text-muted-foreground">
                  {editing ? <label htmlFor={`quote-${f.key}`}>{fieldLabel(t, f.key, quote)}</label> : fieldLabel(t, f.key, quote)}
                </dt>
                <dd className="text-sm">
                  {editing ? (
                    <Input
                      id={`quote-${f.key}`}
                      type={f.type ?? "text"}
                      value={draft[f.key]}
                      onChange={(e) => set(f.key, e.target.value)}
                      className="h-9"
                    />
                  ) : (
                    <>
                      <span className="font-medium">
                        {f.type === "date" ? formatCalendarDate(quote[f.key]) : (quote[f.key] ?? NO_VALUE)}
                      </span>
                      {was(f.key)}
                    </>
                  )}
                </dd>
              </div>
            ))}
          </dl>

          <div className="overflow-hidden rounded-lg border">
            <div className="overflow-x-auto">
              <table className="w-full min-w-[640px] text-sm" aria-label={t("detail.lineItems")}>
                <thead>
                  <tr className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
                    <th className="px-3 py-2 font-medium">{t("lines.description")}</th>
                    <th className="w-24 px-3 py-2 text-right font-medium">{t("lines.qty")}</th>
                    <th className="w-20 px-3 py-2 font-medium">{t("lines.unit")}</th>
                    <th className="w-32 px-3 py-2 text-right font-medium">{t("lines.unitPrice")}</th>
                    <th className="w-32 px-3 py-2 text-right font-medium">{t("lines.amount")}</th>
                    {editing && (
                      <th className="w-10">
                        <span className="sr-only">{t("lines.actions")}</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {editing
                    ? draft.lineItems.map((l, i) => (
                        <tr key={i} className="border-b last:border-b-0">
                          <td className="px-2 py-1.5">
                            <Input
                              aria-label={t("lines.field", { line: i + 1, field: t("lines.descriptionName") })}
                              value={l.description}
                              onChange={(e) => setLine(i, "description", e.target.value)}
                              className="h-8"
                            />
                          </td>
                          {(["quantity", "unit", "unitPrice", "amount"] as const).map((k) => (
                            <td key={k} className="px-2 py-1.5">
                              <Input
                                aria-label={t("lines.field", { line: i + 1, field: t(`lines.${k}`) })}
                                value={l[k]}
                                inputMode={k === "unit" ? "text" : "decimal"}
                                onChange={(e) => setLine(i, k, e.target.value)}
                                className={cn("h-8", k !== "unit" && "text-right tabular-nums")}
                              />
                            </td>
                          ))}
                          <td className="px-1">
                            <Button
                              variant="ghost"
                              size="icon"
                              aria-label={t("lines.remove", { line: i + 1 })}
                              onClick={() => setDraft((d) => (d ? { ...d, lineItems: d.lineItems.filter((_, j) => j !== i) } : d))}
                            >
                              <Trash2 />
                            </Button>
                          </td>
                        </tr>
                      ))
                    : quote.lineItems.map((l, i) => {
                        const flagged = quote.flags.some((f) => f.code === "line_amount" && f.line === i);
                        return (
                          <tr key={i} className={cn("border-b last:border-b-0", flagged && "bg-amber-500/10")}>
                            <td className="px-3 py-2">{l.description}</td>
                            <td className="px-3 py-2 text-right tabular-nums">
                              {l.quantity === null ? NO_VALUE : l.quantity.toLocaleString(currentLocale())}
                            </td>
                            <td className="px-3 py-2 text-muted-foreground">{l.unit ?? ""}</td>
                            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(l.unitPrice, quote.currency)}</td>
                            <td
                              className={cn(
                                "px-3 py-2 text-right font-medium tabular-nums",
                                flagged && "text-amber-700 dark:text-amber-400",
                              )}
                            >
                              {formatMoney(l.amount, quote.currency)}
                            </td>
                          </tr>
                        );
                      })}
                  {!editing && quote.lineItems.length === 0 && (
                    <tr>
                      <td colSpan={5} className="px-3 py-6 text-center text-muted-foreground">
                        {t("detail.noLines")}
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
            {editing && (
              <div className="border-t p-2">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    setDraft((d) =>
                      d ? { ...d, lineItems: [...d.lineItems, { description: "", quantity: "", unit: "", unitPrice: "", amount: "" }] } : d,
                    )
                  }
                >
                  <Plus />
                  {t("lines.add")}
                </Button>
              </div>
            )}
            <dl className="grid justify-end gap-1.5 border-t bg-muted/20 px-3 py-3 text-sm">
              {MONEY_FIELDS.map((key) => (
                <div key={key} className="grid grid-cols-[minmax(7rem,auto)_9rem] items-center gap-3">
                  <dt className={cn("text-right text-muted-foreground", key === "total" && "font-semibold text-foreground")}>
                    {editing ? <label htmlFor={`quote-${key}`}>{fieldLabel(t, key, quote)}</label> : fieldLabel(t, key, quote)}
                  </dt>
                  <dd className={cn("text-right tabular-nums", key === "total" && "text-base font-semibold")}>
                    {editing ? (
                      <Input
                        id={`quote-${key}`}
                        inputMode="decimal"
                        value={draft[key]}
                        onChange={(e) => set(key, e.target.value)}
                        className="h-8 text-right"
                      />
                    ) : (
                      <>
                        {formatMoney(quote[key], quote.currency)}
                        {was(key)}
                      </>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </div>

          <p className="text-xs text-muted-foreground">
            {t("detail.readBy", {
              reader: quote.extractedBy === "offline" ? t("detail.rules") : quote.extractedBy,
              confidence: Math.round(quote.confidence * 100),
              edited: quote.edited ? "yes" : "no",
            })}
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
