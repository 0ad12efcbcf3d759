import { useTranslation } from "react-i18next";
import type { UseFormRegister } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { formatCalendarDate, NO_VALUE } from "@/lib/format";
import type { Quote } from "./model";
import { fieldLabel, TEXT_FIELDS, type QuoteDraft } from "./quote-form";
import { FieldNotes } from "./FieldNotes";

const GRID = "grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3";

/** The quote's header fields (vendor, number, dates, currency, terms): read, or inputs while it is edited. */
export function QuoteFieldList({ quote, register }: { quote: Quote; register?: UseFormRegister<QuoteDraft> }) {
  const { t } = useTranslation("quotes");
  if (register) {
    return (
      <div className={GRID}>
        {TEXT_FIELDS.map((f) => (
          <Field
            key={f.key}
            id={`quote-${f.key}`}
            label={fieldLabel(t, f.key, quote)}
            className="gap-1 [&>label]:text-xs [&>label]:leading-4 [&>label]:text-muted-foreground"
          >
            <Input id={`quote-${f.key}`} type={"type" in f ? f.type : "text"} className="h-9" {...register(f.key)} />
          </Field>
        ))}
      </div>
    );
  }
  return (
    <dl className={GRID}>
      {TEXT_FIELDS.map((f) => (
        <div key={f.key} className="grid gap-1">
          <dt className="text-xs font-medium text-muted-foreground">{fieldLabel(t, f.key, quote)}</dt>
          <dd className="text-sm">
            <span className="font-medium">{"type" in f ? formatCalendarDate(quote[f.key]) : (quote[f.key] ?? NO_VALUE)}</span>
            <FieldNotes quote={quote} field={f.key} label={fieldLabel(t, f.key, quote)} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
