import * as React from "react";
import { AlertTriangle, CheckCircle2, Download, FileText, Pencil, Plus, Trash2 } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/utils";
import { counterparty, csvFileName, downloadCsv, quoteCsv, typeLabel, type LineItem, type Quote } from "./model";
import { formatCalendarDate, formatMoney } from "@/lib/format";
import { KindBadge, StatusBadge, viewDocument } from "./parts";
import { isStale, useCorrectQuote, type QuoteCorrection } from "./queries";

type TextField = "vendorName" | "customerName" | "quoteNumber" | "quoteDate" | "validUntil" | "currency" | "paymentTerms";
type MoneyField = "subtotal" | "tax" | "shipping" | "total";
const TEXT_FIELDS: { key: TextField; label: string; type?: string }[] = [
  { key: "vendorName", label: "Vendor" },
  { key: "customerName", label: "Customer" },
  { key: "quoteNumber", label: "Quote number" },
  { key: "quoteDate", label: "Quote date", type: "date" },
  { key: "validUntil", label: "Valid until", type: "date" },
  { key: "currency", label: "Currency" },
  { key: "paymentTerms", label: "Payment terms" },
];
const MONEY_FIELDS: { key: MoneyField; label: string }[] = [
  { key: "subtotal", label: "Subtotal" },
  { key: "tax", label: "Tax" },
  { key: "shipping", label: "Shipping" },
  { key: "total", label: "Total" },
];

/** An invoice's number and date are the invoice's: "Invoice number", not "Quote number". */
const fieldLabel = (f: { key: TextField; label: string }, q: Pick<Quote, "documentType">) =>
  f.key === "quoteNumber" || f.key === "quoteDate" ? f.label.replace("Quote", typeLabel(q.documentType)) : f.label;

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
    ...(Object.fromEntries(MONEY_FIELDS.map((f) => [f.key, asText(q[f.key])])) as Record<MoneyField, string>),
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
function correctionOf(q: Quote, d: Draft): QuoteCorrection | string {
  const changes: QuoteCorrection = {};
  for (const { key, label } of TEXT_FIELDS) {
    const value = d[key].trim() || null;
    if (value !== (q[key] ?? null)) (changes as Record<string, unknown>)[key] = key === "currency" && value ? value.toUpperCase() : value;
    if (key === "currency" && value && !/^[A-Za-z]{3}$/.test(value)) return `${label} must be a three-letter code such as USD`;
  }
  for (const { key, label } of MONEY_FIELDS) {
    const value = asNumber(d[key]);
    if (Number.isNaN(value)) return `${label} must be a number`;
    if (value !== q[key]) changes[key] = value;
  }
  const lines: LineItem[] = [];
  for (const [i, l] of d.lineItems.entries()) {
    const numbers = { quantity: asNumber(l.quantity), unitPrice: asNumber(l.unitPrice), amount: asNumber(l.amount) };
    for (const [name, value] of Object.entries(numbers))
      if (Number.isNaN(value)) return `Line ${i + 1}: ${name === "unitPrice" ? "unit price" : name} must be a number`;
    if (!l.description.trim()) return `Line ${i + 1} needs a description`;
    lines.push({ description: l.description.trim(), ...numbers, unit: l.unit.trim() || null, page: q.lineItems[i]?.page ?? null });
  }
  const before = JSON.stringify(q.lineItems.map(({ page: _p, ...l }) => l));
  const after = JSON.stringify(lines.map(({ page: _p, ...l }) => l));
  if (before !== after) changes.lineItems = lines;
  return changes;
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
  const [draft, setDraft] = React.useState<Draft | null>(null);
  const correct = useCorrectQuote(projectId);
  const editing = draft !== null;

  const save = () => {
    if (!draft) return;
    const changes = correctionOf(quote, draft);
    if (typeof changes === "string") {
      toast({ title: "Check the values", description: changes, variant: "destructive" });
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
          toast({
            title: `${typeLabel(quote.documentType)} updated`,
            description: "Your correction is saved and the checks were run again.",
          });
        },
        onError: (error) => {
          // the reloaded quote shows instead of a draft made on older values
          if (isStale(error)) setDraft(null);
          toast({
            title: "Failed to save the correction",
            description: error instanceof ApiError ? error.detail : "Please try again.",
            variant: "destructive",
          });
        },
      },
    );
  };

  const set = (key: TextField | MoneyField, value: string) => setDraft((d) => (d ? { ...d, [key]: value } : d));
  const setLine = (i: number, key: keyof Draft["lineItems"][number], value: string) =>
    setDraft((d) => (d ? { ...d, lineItems: d.lineItems.map((l, j) => (j === i ? { ...l, [key]: value } : l)) } : d));
  const was = (key: string) =>
    quote.correctedFields.includes(key) && key in quote.original ? (
      <span className="block text-[11px] text-muted-foreground">
        was{" "}
        {MONEY_FIELDS.some((f) => f.key === key)
          ? formatMoney(quote.original[key] as number | null, quote.currency)
          : key === "quoteDate" || key === "validUntil"
            ? formatCalendarDate(quote.original[key] as string | null)
            : String(quote.original[key] ?? "—")}
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
            {typeLabel(quote.documentType)} {quote.quoteNumber ?? "without a number"} · {quote.documentName}
          </DialogDescription>
          <div className="flex flex-wrap gap-2 pt-1">
            {editing ? (
              <>
                <Button size="sm" onClick={save} disabled={correct.isPending}>
                  {correct.isPending ? "Saving..." : "Save changes"}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setDraft(null)} disabled={correct.isPending}>
                  Cancel
                </Button>
              </>
            ) : (
              <>
                <Button size="sm" variant="outline" onClick={() => setDraft(draftOf(quote))}>
                  <Pencil />
                  Edit
                </Button>
                <Button size="sm" variant="outline" onClick={() => downloadCsv(csvFileName(quote), quoteCsv(quote))}>
                  <Download />
                  Export CSV
                </Button>
                <Button size="sm" variant="ghost" onClick={() => viewDocument(quote.documentId, quote.documentName)}>
                  <FileText />
                  View document
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
                <AlertTitle className="font-semibold">
                  {quote.flags.length === 1 ? "One check failed" : `${quote.flags.length} checks failed`}
                </AlertTitle>
                <AlertDescription>
                  <ul className="mt-1 grid list-disc gap-1 pl-4 text-foreground/80" aria-label="Flags">
                    {quote.flags.map((f, i) => (
                      <li key={i}>{f.message}</li>
                    ))}
                  </ul>
                </AlertDescription>
              </div>
            </Alert>
          ) : (
            <Alert variant="success">
              <CheckCircle2 />
              <AlertDescription className="text-foreground/80">
                The numbers add up: each line is quantity × unit price, the lines sum to the subtotal, and subtotal, tax and shipping make
                the total.
              </AlertDescription>
            </Alert>
          )}

          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
            {TEXT_FIELDS.map((f) => (
              <div key={f.key} className="grid gap-1">
                <dt className="text-xs font-medium text-muted-foreground">
                  {editing ? <label htmlFor={`quote-${f.key}`}>{fieldLabel(f, quote)}</label> : fieldLabel(f, quote)}
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
                      <span className="font-medium">{f.type === "date" ? formatCalendarDate(quote[f.key]) : (quote[f.key] ?? "—")}</span>
                      {was(f.key)}
                    </>
                  )}
                </dd>
              </div>
            ))}
          </dl>

          <div className="overflow-hidden rounded-lg border">
            <div className="overflow-x-auto">
              <table className="w-full min-w-[640px] text-sm" aria-label="Line items">
                <thead>
                  <tr className="border-b bg-muted/40 text-left text-xs uppercase tracking-wide text-muted-foreground">
                    <th className="px-3 py-2 font-medium">Description</th>
                    <th className="w-24 px-3 py-2 text-right font-medium">Qty</th>
                    <th className="w-20 px-3 py-2 font-medium">Unit</th>
                    <th className="w-32 px-3 py-2 text-right font-medium">Unit price</th>
                    <th className="w-32 px-3 py-2 text-right font-medium">Amount</th>
                    {editing && <th className="w-10" />}
                  </tr>
                </thead>
                <tbody>
                  {editing
                    ? draft.lineItems.map((l, i) => (
                        <tr key={i} className="border-b last:border-b-0">
                          <td className="px-2 py-1.5">
                            <Input
                              aria-label={`Line ${i + 1} description`}
                              value={l.description}
                              onChange={(e) => setLine(i, "description", e.target.value)}
                              className="h-8"
                            />
                          </td>
                          {(["quantity", "unit", "unitPrice", "amount"] as const).map((k) => (
                            <td key={k} className="px-2 py-1.5">
                              <Input
                                aria-label={`Line ${i + 1} ${k === "unitPrice" ? "unit price" : k}`}
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
                              aria-label={`Remove line ${i + 1}`}
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
                            <td className="px-3 py-2 text-right tabular-nums">{l.quantity ?? "—"}</td>
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
                        No line items were found on this quote.
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
                  Add line
                </Button>
              </div>
            )}
            <dl className="grid justify-end gap-1.5 border-t bg-muted/20 px-3 py-3 text-sm">
              {MONEY_FIELDS.map((f) => (
                <div key={f.key} className="grid grid-cols-[7rem_9rem] items-center gap-3">
                  <dt className={cn("text-right text-muted-foreground", f.key === "total" && "font-semibold text-foreground")}>
                    {editing ? <label htmlFor={`quote-${f.key}`}>{f.label}</label> : f.label}
                  </dt>
                  <dd className={cn("text-right tabular-nums", f.key === "total" && "text-base font-semibold")}>
                    {editing ? (
                      <Input
                        id={`quote-${f.key}`}
                        inputMode="decimal"
                        value={draft[f.key]}
                        onChange={(e) => set(f.key, e.target.value)}
                        className="h-8 text-right"
                      />
                    ) : (
                      <>
                        {formatMoney(quote[f.key], quote.currency)}
                        {was(f.key)}
                      </>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </div>

          <p className="text-xs text-muted-foreground">
            Read by {quote.extractedBy === "offline" ? "Quorum's document rules" : quote.extractedBy} with{" "}
            {Math.round(quote.confidence * 100)}% confidence
            {quote.edited ? " · corrected by you" : ""}.
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
