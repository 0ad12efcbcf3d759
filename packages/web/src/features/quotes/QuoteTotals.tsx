import { useTranslation } from "react-i18next";
import type { UseFormRegister } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { formatMoney } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { Quote } from "./model";
import { fieldLabel, MONEY_FIELDS, type QuoteDraft } from "./quote-form";
import { FieldNotes } from "./FieldNotes";
import { VALUE } from "./QuoteFieldList";

const BOX = "grid justify-end gap-1.5 border-t bg-muted/20 px-3 py-3 text-sm";
const ROW = "grid grid-cols-[minmax(7rem,auto)_9rem] items-center gap-3";

/** Subtotal, tax, shipping and total under the line items: read, or inputs while the quote is edited. */
export function QuoteTotals({ quote, register }: { quote: Quote; register?: UseFormRegister<QuoteDraft> }) {
  const { t } = useTranslation("quotes");
  if (register) {
    return (
      <div className={BOX}>
        {MONEY_FIELDS.map((key) => (
          <Field
            key={key}
            id={`quote-${key}`}
            label={fieldLabel(t, key, quote)}
            className={cn(
              ROW,
              "[&>label]:text-right [&>label]:font-normal [&>label]:leading-5 [&>label]:text-muted-foreground",
              key === "total" && "[&>input]:font-semibold [&>label]:font-semibold [&>label]:text-foreground",
            )}
          >
            <Input id={`quote-${key}`} inputMode="decimal" className="h-8 text-right" {...register(key)} />
          </Field>
        ))}
      </div>
    );
  }
  return (
    <dl className={BOX}>
      {MONEY_FIELDS.map((key) => (
        <div key={key} className={ROW}>
          <dt className={cn("text-right text-muted-foreground", key === "total" && "font-semibold text-foreground")}>
            {fieldLabel(t, key, quote)}
          </dt>
          <dd
            className={cn(VALUE, "justify-self-end text-right tabular-nums", key === "total" && "text-base font-semibold")}
            data-source={`field:${key}`}
            tabIndex={0}
          >
            {formatMoney(quote[key], quote.currency)}
            <FieldNotes quote={quote} field={key} label={fieldLabel(t, key, quote)} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
