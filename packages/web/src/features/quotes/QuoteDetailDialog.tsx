import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { Download, FileText, Pencil } from "lucide-react";
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
import { firstPlace, placeOf, type ShownPlace } from "./review";

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

/**
 * One quote: what the cross-check found, its fields, line items and totals, its export and
 * source document; Edit turns it into the correction form, and Save sends only what changed.
 * On a wide screen its page is beside it: hovering or focusing a value marks where it is printed,
 * starting with the first field to check.
 */
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
  const { t } = useTranslation("quotes");
  const { t: tc } = useTranslation("common");
  const [editing, setEditing] = React.useState(false);
  const form = useForm<QuoteDraft, unknown, QuoteValues>({
    resolver: zodResolver(QuoteForm),
  });
  const correct = useCorrectQuote(projectId);
  const wide = React.useSyncExternalStore(subscribeWidth, isWide);
  const [shown, setShown] = React.useState<ShownPlace>(() => firstPlace(quote));
  const follow = (event: React.SyntheticEvent) => {
    const value = (event.target as HTMLElement).closest<HTMLElement>("[data-source]");
    const place = value && placeOf(quote, value.dataset.source!);
    if (place) setShown(place);
  };

  const edit = () => {
    form.reset(draftOf(quote));
    setEditing(true);
  };

  const save = form.handleSubmit(
    (values) => {
      const changes = correctionOf(quote, values);
      if (Object.keys(changes).length === 0) {
        setEditing(false);
        return;
      }
      correct.mutate(
        { id: quote.id, version: quote.version, changes },
        {
          onSuccess: () => {
            setEditing(false);
            toast({ title: t("detail.updated", { type: typeLabel(quote.documentType) }), description: t("detail.updatedDetail") });
          },
          onError: (error) => {
            // the reloaded quote shows instead of a draft made on older values
            if (isStale(error)) setEditing(false);
            toast({
              title: t("detail.saveFailed"),
              description: error instanceof ApiError ? error.detail : t("detail.tryAgain"),
              variant: "destructive",
            });
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
      <DialogContent className="max-w-4xl gap-5 p-0 lg:max-w-[min(96rem,calc(100%-2rem))]">
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
            {editing ? (
              <>
                <Button size="sm" onClick={() => void save()} disabled={correct.isPending}>
                  {correct.isPending ? t("detail.saving") : t("detail.save")}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setEditing(false)} disabled={correct.isPending}>
                  {tc("cancel")}
                </Button>
              </>
            ) : (
              <>
                <Button size="sm" variant="outline" onClick={edit}>
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
              </>
            )}
          </div>
        </DialogHeader>

        <div className="grid gap-5 px-6 pb-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)]">
          {wide && (
            <aside className="lg:sticky lg:top-4 lg:order-last lg:self-start">
              <React.Suspense fallback={null}>
                <PagePreview projectId={projectId} documentId={quote.documentId} page={shown.page} box={shown.box} />
              </React.Suspense>
            </aside>
          )}
          <div className="grid min-w-0 content-start gap-5" onMouseOver={follow} onFocus={follow}>
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
                edited: quote.edited ? "yes" : "no",
              })}
            </p>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
