import { useTranslation } from "react-i18next";
import type { UseFormRegister } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { formatCalendarDate, NO_VALUE } from "@/lib/format";
import type { Quote } from "./model";
import { fieldLabel, TEXT_FIELDS, type QuoteDraft } from "./quote-form";
import { FieldNotes } from "./FieldNotes";

const GRID = "grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3";
/** A value that marks its place on the page when hovered or focused. */
export const VALUE = "w-fit rounded-sm text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** The quote's header fields (vendor, number, dates, currency, terms): read, or inputs while it is edited. */
export function QuoteFieldList({ quote, register }: { quote: Quote; register?: UseFormRegister<QuoteDraft> }) {
  const { t } = useTranslation("quotes");
  // the fields a person should check come first
  const check = (key: string) => Number((quote.check as readonly string[]).includes(key));
  const fields = [...TEXT_FIELDS].sort((a, b) => check(b.key) - check(a.key));
  if (register) {
    return (
      <div className={GRID}>
        {fields.map((f) => (
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
      {fields.map((f) => (
        <div key={f.key} className="grid gap-1">
          <dt className="text-xs font-medium text-muted-foreground">{fieldLabel(t, f.key, quote)}</dt>
          <dd className={VALUE} data-source={`field:${f.key}`} tabIndex={0}>
            <span className="font-medium">{"type" in f ? formatCalendarDate(quote[f.key]) : (quote[f.key] ?? NO_VALUE)}</span>
            <FieldNotes quote={quote} field={f.key} label={fieldLabel(t, f.key, quote)} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
