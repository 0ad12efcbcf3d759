import type * as React from "react";
import { useTranslation } from "react-i18next";
import { useFieldArray, type Control, type UseFormRegister } from "react-hook-form";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { formatCount, formatMoney, NO_VALUE } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { Quote } from "./model";
import { emptyLine, type QuoteDraft, type QuoteValues } from "./quote-form";

const EDITED_CELLS = ["quantity", "unit", "unitPrice", "amount"] as const;

/** The line items table's frame and header; editing adds a column for each row's remove button. */
function LinesTable({ editing, children }: { editing: boolean; children: React.ReactNode }) {
  const { t } = useTranslation("quotes");
  return (
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
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The quote's line items as read, a line whose amount failed the check highlighted. */
export function LineItems({ quote }: { quote: Quote }) {
  const { t } = useTranslation("quotes");
  return (
    <LinesTable editing={false}>
      {quote.lineItems.map((l, i) => {
        const flagged = quote.flags.some((f) => f.code === "line_amount" && f.line === i);
        return (
          <tr
            key={i}
            data-source={`line:${i}`}
            tabIndex={0}
            className={cn("border-b outline-none last:border-b-0 focus-visible:bg-muted/60", flagged && "bg-amber-500/10")}
          >
            <td className="px-3 py-2">{l.description}</td>
            <td className="px-3 py-2 text-right tabular-nums">{l.quantity === null ? NO_VALUE : formatCount(l.quantity)}</td>
            <td className="px-3 py-2 text-muted-foreground">{l.unit ?? ""}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(l.unitPrice, quote.currency)}</td>
            <td className={cn("px-3 py-2 text-right font-medium tabular-nums", flagged && "text-amber-700 dark:text-amber-400")}>
              {formatMoney(l.amount, quote.currency)}
            </td>
          </tr>
        );
      })}
      {quote.lineItems.length === 0 && (
        <tr>
          <td colSpan={5} className="px-3 py-6 text-center text-muted-foreground">
            {t("detail.noLines")}
          </td>
        </tr>
      )}
    </LinesTable>
  );
}

/** The correction form's line items: a row of inputs per line, each removable, and a button that adds one. */
export function EditedLineItems({
  control,
  register,
}: {
  control: Control<QuoteDraft, unknown, QuoteValues>;
  register: UseFormRegister<QuoteDraft>;
}) {
  const { t } = useTranslation("quotes");
  const lines = useFieldArray({ control, name: "lineItems" });
  return (
    <>
      <LinesTable editing>
        {lines.fields.map((line, i) => (
          <tr key={line.id} className="border-b last:border-b-0">
            <td className="px-2 py-1.5">
              <Input
                aria-label={t("lines.field", { line: i + 1, field: t("lines.descriptionName") })}
                className="h-8"
                {...register(`lineItems.${i}.description`)}
              />
            </td>
            {EDITED_CELLS.map((k) => (
              <td key={k} className="px-2 py-1.5">
                <Input
                  aria-label={t("lines.field", { line: i + 1, field: t(`lines.${k}`) })}
                  inputMode={k === "unit" ? "text" : "decimal"}
                  className={cn("h-8", k !== "unit" && "text-right tabular-nums")}
                  {...register(`lineItems.${i}.${k}`)}
                />
              </td>
            ))}
            <td className="px-1">
              <Button variant="ghost" size="icon" aria-label={t("lines.remove", { line: i + 1 })} onClick={() => lines.remove(i)}>
                <Trash2 />
              </Button>
            </td>
          </tr>
        ))}
      </LinesTable>
      <div className="border-t p-2">
        <Button variant="ghost" size="sm" onClick={() => lines.append(emptyLine())}>
          <Plus />
          {t("lines.add")}
        </Button>
      </div>
    </>
  );
}
