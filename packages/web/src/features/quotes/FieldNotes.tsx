import { useTranslation } from "react-i18next";
import type { CorrectedField } from "@quorum/core/quote/schema";
import { Badge } from "@/components/ui/badge";
import type { Quote } from "./model";
import { WasValue } from "./WasValue";

/** What a person should know of one field: "check" when it was read with little confidence, and what it was before a correction. */
export function FieldNotes({ quote, field }: { quote: Quote; field: CorrectedField }) {
  const { t } = useTranslation("quotes");
  const check = (quote.check as readonly string[]).includes(field);
  const confidence = Math.round((quote.sources[field as keyof Quote["sources"]]?.confidence ?? 0) * 100);
  return (
    <>
      {check && (
        <Badge
          variant="outline"
          className="ml-1.5 border-amber-500/60 px-1.5 py-0 align-middle text-[10px] font-medium text-amber-800 dark:text-amber-300"
          title={t("detail.checkHint", { confidence })}
        >
          {t("detail.check")}
        </Badge>
      )}
      <WasValue quote={quote} field={field} />
    </>
  );
}
