import { useTranslation } from "react-i18next";
import { Check, ChevronsRight, ListChecks, PencilLine } from "lucide-react";
import type { QuoteField } from "@quorum/core/quote/schema";
import { Button } from "@/components/ui/button";
import type { Quote } from "./model";
import { fieldLabel } from "./quote-form";
import { KEY_OF, type ReviewAction } from "./review";

const ICONS = { nextField: ListChecks, accept: Check, correct: PencilLine, nextQuote: ChevronsRight } as const;

/**
 * The review flow as buttons that name their keys: the legend for the keyboard, and the same
 * steps for a pointer or a touch screen. Above them, what is left to check, read out as it changes.
 */
export function QuoteReview({
  quote,
  current,
  accepted,
  busy,
  nextQuote,
  onAction,
}: {
  quote: Quote;
  /** The field to check being looked at. */
  current: QuoteField | null;
  /** The field accepted last, to say so. */
  accepted: QuoteField | null;
  busy: boolean;
  /** Whether another quote needs review. */
  nextQuote: boolean;
  onAction: (action: ReviewAction) => void;
}) {
  const { t } = useTranslation("quotes");
  const label = (field: QuoteField) => fieldLabel(t, field as Parameters<typeof fieldLabel>[1], quote);
  const count = quote.check.length;
  const enabled: Record<ReviewAction, boolean> = { nextField: count > 0, accept: count > 0 && !busy, correct: true, nextQuote };
  const left =
    count === 0
      ? t(nextQuote ? "review.doneNext" : "review.doneAll")
      : current && quote.check.includes(current)
        ? t("review.checking", { field: label(current), index: quote.check.indexOf(current) + 1, count })
        : t("review.toCheck", { count });
  return (
    <section aria-label={t("review.title")} className="grid gap-2 rounded-lg border bg-muted/30 px-3 py-2">
      <p role="status" className="text-xs text-muted-foreground">
        {accepted && `${t("review.accepted", { field: label(accepted) })} `}
        {left}
      </p>
      <div className="flex flex-wrap gap-1.5">
        {(Object.keys(KEY_OF) as ReviewAction[]).map((action) => {
          const Icon = ICONS[action];
          return (
            <Button
              key={action}
              type="button"
              size="sm"
              variant="outline"
              className="h-8 gap-1.5 bg-background"
              disabled={!enabled[action]}
              aria-keyshortcuts={KEY_OF[action]}
              onClick={() => onAction(action)}
            >
              <Icon aria-hidden="true" />
              {t(`review.${action}`)}
              <kbd
                aria-hidden="true"
                className="ml-0.5 rounded border bg-muted px-1 font-mono text-[10px] font-medium leading-4 text-muted-foreground"
              >
                {KEY_OF[action]}
              </kbd>
            </Button>
          );
        })}
      </div>
    </section>
  );
}
