import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { Download, FileText, Pencil } from "lucide-react";
import { changedFields, type QuoteField } from "@quorum/core/quote/schema";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api";
import { EditedLineItems, LineItems } from "./LineItemsTable";
import { counterparty, csvFileName, downloadCsv, quoteCsv, typeLabel, type Quote } from "./model";
import { KindBadge, StatusBadge, viewDocument } from "./parts";
import { isStale, useCorrectQuote } from "./queries";
import { correctionOf, draftOf, QuoteForm, refusal, type QuoteDraft, type QuoteValues } from "./quote-form";
import { QuoteChecks } from "./QuoteChecks";
import { QuoteLessons } from "./QuoteLessons";
import { QuoteFieldList } from "./QuoteFieldList";
import { QuoteTotals } from "./QuoteTotals";
import { firstPlace, nextCheck, placeOf, reviewAction, type ReviewAction, type ShownPlace } from "./review";
import { QuoteReview } from "./QuoteReview";

// pdf.js is large: the page beside the quote loads only when a wide screen shows it
const PagePreview = React.lazy(() => import("@/features/viewer/PagePreview"));

/** From this width the quote's page is shown beside its fields. */
const SIDE_BY_SIDE = "(min-width: 1024px)";
const subscribeWidth = (change: () => void) => {
  const query = window.matchMedia(SIDE_BY_SIDE);
  query.addEventListener("change", change);
  return () => query.removeEventListener("change", change);
};
const isWide = () => window.matchMedia(SIDE_BY_SIDE).matches;

/** A field's value as read, marking its place on the page when focused. */
const valueOf = (field: QuoteField) => `[data-source="field:${field}"]`;
/** What gets the focus once the quote shown is at `version`: an element, or the dialog itself (null). */
type FocusLater = { selector: string | null; version: number };

/**
 * One quote: what the cross-check found, its fields, line items and totals, its export and
 * source document; Edit turns it into the correction form, and Save sends only what changed.
 * On a wide screen its page is beside it: hovering or focusing a value marks where it is printed,
 * starting with the first field to check. The review keys (N, A, C, Q) go from one field to check
 * to the next, accept it as read, correct it, and open the next quote needing review.
 */
export function QuoteDetailDialog({
  projectId,
  quote,
  open,
  onOpenChange,
  onNextQuote,
}: {
  projectId: number;
  quote: Quote;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the next quote needing review; absent when no other does. */
  onNextQuote?: () => void;
}) {
  const { t } = useTranslation("quotes");
  const { t: tc } = useTranslation("common");
  const [editing, setEditing] = React.useState(false);
  const form = useForm<QuoteDraft, unknown, QuoteValues>({
    resolver: zodResolver(QuoteForm),
  });
  const correct = useCorrectQuote(projectId);
  const formId = React.useId();
  const wide = React.useSyncExternalStore(subscribeWidth, isWide);
  const [shown, setShown] = React.useState<ShownPlace>(() => firstPlace(quote));
  const content = React.useRef<HTMLDivElement>(null);
  // the field to check being looked at, the one accepted last, and the one being corrected
  const [current, setCurrent] = React.useState<QuoteField | null>(null);
  const [accepted, setAccepted] = React.useState<QuoteField | null>(null);
  const [correcting, setCorrecting] = React.useState<QuoteField | null>(null);
  const [focusLater, setFocusLater] = React.useState<FocusLater | null>(null);
  // another quote opened in this dialog: its page, and its first field to check in focus
  const [shownId, setShownId] = React.useState(quote.id);
  if (shownId !== quote.id) {
    setShownId(quote.id);
    setShown(firstPlace(quote));
    setCurrent(null);
    setAccepted(null);
    const first = nextCheck(quote.check, null);
    setFocusLater({ selector: first && valueOf(first), version: quote.version });
  }
  // only once the quote shown is the saved one: its fields are in their new order by then
  React.useEffect(() => {
    if (!focusLater || quote.version < focusLater.version) return;
    const target = focusLater.selector ? content.current?.querySelector<HTMLElement>(focusLater.selector) : null;
    (target ?? content.current)?.focus();
    setFocusLater(null);
  }, [focusLater, quote.version, editing]);

  const follow = (event: React.SyntheticEvent) => {
    const value = (event.target as HTMLElement).closest<HTMLElement>("[data-source]");
    const place = value && placeOf(quote, value.dataset.source!);
    if (place) setShown(place);
    const field = value?.dataset.source?.replace(/^field:/, "") as QuoteField | undefined;
    if (event.type === "focus" && field && (quote.check as string[]).includes(field)) setCurrent(field);
  };

  const edit = () => {
    form.reset(draftOf(quote));
    setEditing(true);
  };
  /** Out of the correction without saving, back to the value being corrected. */
  const leave = () => {
    setEditing(false);
    setFocusLater({ selector: correcting && valueOf(correcting), version: quote.version });
  };
  const failed = (error: Error) =>
    toast({
      title: t("detail.saveFailed"),
      description: error instanceof ApiError ? error.detail : t("detail.tryAgain"),
      variant: "destructive",
    });

  /** The field a review step acts on: the one being looked at while it is to check, else the first to check. */
  const reviewed = () => (current && quote.check.includes(current) ? current : nextCheck(quote.check, null));
  const review = (action: ReviewAction) => {
    if (action === "nextQuote") return onNextQuote?.();
    if (action === "nextField") {
      const next = nextCheck(quote.check, current);
      if (next) content.current?.querySelector<HTMLElement>(valueOf(next))?.focus();
      return;
    }
    const field = reviewed();
    if (action === "correct") {
      setCorrecting(field);
      edit();
      setFocusLater({ selector: field ? `#quote-${field}` : "input", version: quote.version });
      return;
    }
    // accepted: the value read is right, a correction to the very same value
    if (!field || correct.isPending) return;
    correct.mutate(
      { id: quote.id, version: quote.version, changes: { [field]: quote[field] } },
      {
        onSuccess: ({ quote: saved }) => {
          setAccepted(field);
          const next = nextCheck(saved.check, field);
          if (next) setFocusLater({ selector: valueOf(next), version: saved.version });
        },
        onError: failed,
      },
    );
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (editing) return;
    const action = reviewAction(event);
    if (!action) return;
    event.preventDefault();
    review(action);
  };

  const save = form.handleSubmit(
    (values) => {
      const changes = correctionOf(quote, values);
      if (Object.keys(changes).length === 0) {
        setEditing(false);
        if (correcting) setFocusLater({ selector: valueOf(correcting), version: quote.version });
        return;
      }
      correct.mutate(
        { id: quote.id, version: quote.version, changes },
        {
          onSuccess: ({ quote: saved }) => {
            setEditing(false);
            // back to the value just corrected, for the next one to check
            if (correcting) setFocusLater({ selector: valueOf(correcting), version: saved.version });
            toast({ title: t("detail.updated", { type: typeLabel(quote.documentType) }), description: t("detail.updatedDetail") });
          },
          onError: (error) => {
            // the reloaded quote shows instead of a draft made on older values
            if (isStale(error)) setEditing(false);
            failed(error);
          },
        },
      );
    },
    (errors) => toast({ title: t("check.title"), description: refusal(t, quote, errors), variant: "destructive" }),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setEditing(false);
        onOpenChange(o);
      }}
    >
      <DialogContent
        ref={content}
        className="max-w-4xl gap-5 p-0 lg:max-w-[min(96rem,calc(100%-2rem))]"
        onKeyDown={onKeyDown}
        onEscapeKeyDown={(event) => {
          // Escape leaves the correction, not the quote
          if (!editing) return;
          event.preventDefault();
          leave();
        }}
      >
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
            {/* keyed apart: a click on Edit must not become a click on the Save (submit) button drawn in its place */}
            {editing ? (
              <React.Fragment key="editing">
                <Button size="sm" type="submit" form={formId} disabled={correct.isPending}>
                  {correct.isPending ? t("detail.saving") : t("detail.save")}
                </Button>
                <Button size="sm" variant="outline" onClick={leave} disabled={correct.isPending}>
                  {tc("cancel")}
                </Button>
              </React.Fragment>
            ) : (
              <React.Fragment key="reading">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setCorrecting(null);
                    edit();
                  }}
                >
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
              </React.Fragment>
            )}
          </div>
          {!editing && (
            <QuoteReview
              quote={quote}
              current={current}
              accepted={accepted}
              busy={correct.isPending}
              nextQuote={Boolean(onNextQuote)}
              onAction={review}
            />
          )}
        </DialogHeader>

        <div className="grid gap-5 px-6 pb-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]">
          {wide && (
            <aside className="lg:sticky lg:top-4 lg:order-last lg:self-start">
              <React.Suspense fallback={null}>
                <PagePreview projectId={projectId} documentId={quote.documentId} page={shown.page} box={shown.box} />
              </React.Suspense>
            </aside>
          )}
          <form
            id={formId}
            className="grid min-w-0 content-start gap-5"
            onMouseOver={follow}
            onFocus={follow}
            onSubmit={(event) => {
              // Enter in a corrected value saves it
              event.preventDefault();
              if (editing) void save();
            }}
          >
            <QuoteChecks quote={quote} />
            <QuoteLessons quote={quote} />
            <QuoteFieldList quote={quote} register={editing ? form.register : undefined} />
            <div className="overflow-hidden rounded-lg border">
              {editing ? <EditedLineItems control={form.control} register={form.register} /> : <LineItems quote={quote} />}
              <QuoteTotals quote={quote} register={editing ? form.register : undefined} />
            </div>
            <p className="text-xs text-muted-foreground">
              {t("detail.readBy", {
                reader: quote.extractedBy === "offline" ? t("detail.rules") : quote.extractedBy,
                confidence: Math.round(quote.confidence * 100),
                edited: changedFields(quote).length > 0 ? "yes" : "no",
              })}
            </p>
          </form>
        </div>
      </DialogContent>
    </Dialog>
  );
}
