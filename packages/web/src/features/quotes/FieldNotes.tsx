import { useTranslation } from "react-i18next";
import { Link } from "@tanstack/react-router";
import { LocateFixed } from "lucide-react";
import type { CorrectedField } from "@quorum/core/quote/schema";
import { Badge } from "@/components/ui/badge";
import { boxParam } from "@/features/viewer/search";
import type { Quote } from "./model";
import { WasValue } from "./WasValue";

/** What a person should know of one field: "check" when it was read with little confidence, and what it was before a correction. */
export function FieldNotes({ quote, field, label }: { quote: Quote; field: CorrectedField; label: string }) {
  const { t } = useTranslation("quotes");
  const { t: td } = useTranslation("documents");
  const check = (quote.check as readonly string[]).includes(field);
  const source = quote.sources[field as keyof Quote["sources"]];
  const confidence = Math.round((source?.confidence ?? 0) * 100);
  return (
    <>
      {source?.box && source.page && (
        <Link
          to="/projects/$id/documents/$documentId"
          params={{ id: quote.projectId, documentId: quote.documentId }}
          search={{ page: source.page, box: boxParam(source.box) }}
          className="ml-1 inline-flex align-middle text-muted-foreground hover:text-primary"
          aria-label={td("viewer.showOnPage", { field: label })}
          title={td("viewer.showOnPage", { field: label })}
        >
          <LocateFixed className="size-3.5" aria-hidden />
        </Link>
      )}
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
