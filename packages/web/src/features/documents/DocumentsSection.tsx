import * as React from "react";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { FileText, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useQueryClient } from "@tanstack/react-query";
import { QuoteDetailDialog } from "@/features/quotes/QuoteDetailDialog";
import { projectQuotesKey, useProjectQuotes } from "@/features/quotes/queries";
import { DeleteDocumentDialog } from "./DeleteDocumentDialog";
import { DocumentRow } from "./DocumentRow";
import { MoveDocumentDialog } from "./MoveDocumentDialog";
import { CATEGORY_ICONS, categoryLabel, groupByCategory, isInFlight, type DocumentCategory, type ProjectDocument } from "./model";
import { openDocument } from "./openDocument";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api";
import { useProjectDocuments } from "./queries";

/** The project's Documents section: grouped by category, each group with its count. */
/** View: the file in a new tab, or why it could not be opened. */
const view = (doc: ProjectDocument) =>
  openDocument(doc).catch((error: unknown) =>
    toast({
      title: i18next.t("documents:open.failed"),
      description: error instanceof ApiError ? error.detail : i18next.t("documents:open.tryAgain"),
      variant: "destructive",
    }),
  );

export function DocumentsSection({ projectId }: { projectId: number }) {
  const { t } = useTranslation("documents");
  const documents = useProjectDocuments(projectId);
  const records = useProjectQuotes(projectId);
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = React.useState<ProjectDocument | null>(null);
  const [moving, setMoving] = React.useState<ProjectDocument | null>(null);
  const [detailsOf, setDetailsOf] = React.useState<number | null>(null);

  const list = documents.data ?? [];
  const inFlight = list.filter(isInFlight).length;
  const byDocument = new Map([...(records.data?.quotes ?? []), ...(records.data?.records ?? [])].map((r) => [r.documentId, r]));
  const details = detailsOf === null ? undefined : byDocument.get(detailsOf);
  // A document that finished processing may have brought a quote or an invoice with it.
  const finished = list.filter((d) => d.processingStatus === "completed").length;
  React.useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: projectQuotesKey(projectId) });
  }, [finished, projectId, queryClient]);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-x-4 gap-y-2 space-y-0 p-4 sm:p-6">
        <div className="grid gap-1.5">
          <h2 className="text-lg font-semibold leading-none tracking-tight">{t("section.title")}</h2>
          <CardDescription>{list.length > 0 ? t("section.count", { count: list.length }) : t("section.description")}</CardDescription>
        </div>
        {/* Announced politely so a screen reader hears processing finish without moving focus. */}
        <p role="status" aria-live="polite" className="flex items-center gap-2 text-xs text-muted-foreground">
          {inFlight > 0 && (
            <>
              <Spinner className="size-3.5 text-primary" />
              {t("section.processing", { count: inFlight })}
            </>
          )}
        </p>
      </CardHeader>
      <CardContent className="grid gap-6 px-4 pb-4 sm:px-6 sm:pb-6">
        {documents.isPending && <LoadingRows />}
        {documents.isError && (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center">
            <p className="text-sm text-muted-foreground">{t("section.loadFailed")}</p>
            <Button variant="outline" size="sm" onClick={() => void documents.refetch()}>
              <RefreshCw />
              {t("section.retry")}
            </Button>
          </div>
        )}
        {documents.isSuccess && list.length === 0 && (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-muted/30 px-6 py-12 text-center">
            <div className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <FileText className="size-6" aria-hidden="true" />
            </div>
            <p className="font-medium">{t("section.empty")}</p>
            <p className="max-w-xs text-balance text-sm text-muted-foreground">{t("section.emptyDetail")}</p>
          </div>
        )}
        {groupByCategory(list).map(({ category, documents: docs }) => {
          const Icon = CATEGORY_ICONS[category as DocumentCategory] ?? FileText;
          const headingId = `documents-${projectId}-${category}`;
          return (
            <section key={category} aria-labelledby={headingId} data-testid="document-group" className="grid gap-2">
              <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
                <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                {categoryLabel(category)}
                <span
                  className="rounded-full bg-secondary px-2 py-0.5 text-xs font-medium tabular-nums text-secondary-foreground"
                  data-testid="group-count"
                >
                  <span className="sr-only">, </span>
                  {docs.length}
                  <span className="sr-only"> {t("section.groupUnit", { count: docs.length })}</span>
                </span>
              </h3>
              <ul className="divide-y overflow-hidden rounded-lg border">
                {docs.map((doc) => (
                  <DocumentRow
                    key={doc.id}
                    document={doc}
                    record={byDocument.get(doc.id)}
                    onView={() => void view(doc)}
                    onDetails={() => setDetailsOf(doc.id)}
                    onMove={() => setMoving(doc)}
                    onDelete={() => setDeleting(doc)}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </CardContent>
      <DeleteDocumentDialog projectId={projectId} document={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
      <MoveDocumentDialog projectId={projectId} document={moving} onOpenChange={(open) => !open && setMoving(null)} />
      {details && <QuoteDetailDialog projectId={projectId} quote={details} open onOpenChange={(open) => !open && setDetailsOf(null)} />}
    </Card>
  );
}

function LoadingRows() {
  const { t } = useTranslation("documents");
  return (
    <div className="grid gap-2" role="status" aria-label={t("section.loading")}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3 rounded-lg border p-3">
          <Skeleton className="size-10 rounded-lg" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/4" />
          </div>
          <Skeleton className="h-8 w-16" />
        </div>
      ))}
    </div>
  );
}
