import { useTranslation } from "react-i18next";
import { changedFields, type CorrectedField } from "@quorum/core/quote/schema";
import { formatCalendarDate, formatMoney, NO_VALUE } from "@/lib/format";
import type { Quote } from "./model";
import { MONEY_FIELDS } from "./quote-form";

/**
 * What a corrected field said before the correction ("was $2,269.49"), or that a person confirmed
 * the value read; nothing for a field never corrected.
 */
export function WasValue({ quote, field }: { quote: Quote; field: CorrectedField }) {
  const { t } = useTranslation("quotes");
  if (!quote.correctedFields.includes(field) || !(field in quote.original)) return null;
  const before = quote.original[field];
  if (!changedFields(quote).includes(field)) return <span className="block text-[11px] text-muted-foreground">{t("detail.accepted")}</span>;
  const value = (MONEY_FIELDS as readonly string[]).includes(field)
    ? formatMoney(before as number | null, quote.currency)
    : field === "quoteDate" || field === "validUntil"
      ? formatCalendarDate(before as string | null)
      : String(before ?? NO_VALUE);
  return <span className="block text-[11px] text-muted-foreground">{t("detail.was", { value })}</span>;
}
