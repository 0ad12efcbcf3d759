import { AlertCircle, ExternalLink, FileImage, FileSpreadsheet, FileText, FolderInput, ScanText, Table2, Trash2 } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { LOW_OCR_CONFIDENCE, pageRanges, type OcrPage } from "@quorum/core/document/schema";
import type { LucideIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import { typeLabel, type Quote } from "@/features/quotes/model";
import { formatBytes, formatCalendarDate, formatDate, formatMoney } from "@/lib/format";
import { statusLabel, statusVariant, type ProjectDocument } from "./model";

function fileIcon(doc: Pick<ProjectDocument, "fileType" | "fileName">): LucideIcon {
  if (doc.fileType.startsWith("image/")) return FileImage;
  if (/sheet|excel|csv/i.test(doc.fileType) || /\.(xlsx?|csv)$/i.test(doc.fileName)) return FileSpreadsheet;
  return FileText;
}

/** A dot that is green when the document's text was extracted, with a tooltip saying whether it was. */
export function TextDot({ extracted }: { extracted: boolean }) {
  const { t } = useTranslation("documents");
  const text = t(extracted ? "row.textExtracted" : "row.noText");
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          role="img"
          aria-label={text}
          tabIndex={0}
          data-testid="text-dot"
          data-extracted={extracted}
          className="inline-flex size-6 shrink-0 cursor-default items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span
            className={cn(
              "size-2.5 rounded-full",
              extracted ? "bg-success ring-4 ring-success/20" : "border border-muted-foreground/50 bg-transparent",
            )}
          />
        </span>
      </TooltipTrigger>
      <TooltipContent>{text}</TooltipContent>
    </Tooltip>
  );
}

/** A document's processing status, spinning while it runs. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={statusVariant(status)} className="shrink-0" data-testid="document-status">
      {(status === "uploading" || status === "processing") && <Spinner className="size-3" />}
      {status === "failed" && <AlertCircle className="size-3 text-destructive" aria-hidden="true" />}
      {statusLabel(status)}
    </Badge>
  );
}

/** "Invoice INV-7731 · Northwind Traders · Mar 4, 2031 · $2,480.00 · 3 items": what was read from a commercial document. */
function recordFacts(record: Quote, t: TFunction<"documents">): string {
  const items = record.lineItems.length;
  return [
    `${typeLabel(record.documentType)}${record.quoteNumber ? ` ${record.quoteNumber}` : ""}`,
    record.vendorName,
    record.quoteDate && formatCalendarDate(record.quoteDate),
    record.total !== null && formatMoney(record.total, record.currency),
    items > 0 && t("row.items", { count: items }),
  ]
    .filter(Boolean)
    .join(" · ");
}

/** "Pages 1-3 read by OCR; low confidence on page 2 (48%)", in the language on screen. */
function describeOcr(pages: OcrPage[], t: TFunction<"documents">): string | null {
  if (pages.length === 0) return null;
  const head = t("ocr.read", { count: pages.length, pages: pageRanges(pages.map((p) => p.page)) });
  const low = pages.filter((p) => p.confidence !== null && p.confidence < LOW_OCR_CONFIDENCE);
  const percent = (p: OcrPage) => `${Math.round(p.confidence!)}%`;
  if (low.length === 0) return head;
  if (pages.length === 1) return t("ocr.lowOne", { head, confidence: percent(low[0]!) });
  const detail = low.map((p) => `${p.page} (${percent(p)})`).join(", ");
  return t("ocr.lowSome", { head, count: low.length, detail });
}

/** Pages read by OCR, in amber when a reading is unsure enough to check against the file. */
function OcrNote({ document }: { document: ProjectDocument }) {
  const { t } = useTranslation("documents");
  const note = describeOcr(document.ocrPages ?? [], t);
  if (!note) return null;
  const unsure = document.ocrPages.some((p) => p.confidence !== null && p.confidence < LOW_OCR_CONFIDENCE);
  return (
    <p
      data-testid="ocr-note"
      className={cn("mt-1 flex items-start gap-1.5 text-xs", unsure ? "text-amber-700 dark:text-amber-400" : "text-muted-foreground")}
    >
      <ScanText className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{note}</span>
    </p>
  );
}

/** One document: what it is, where processing stands, and what can be done with it. */
export function DocumentRow({
  document,
  record,
  onView,
  onDetails,
  onMove,
  onDelete,
}: {
  document: ProjectDocument;
  /** The commercial data read from it (quote, invoice, credit note), when there is any. */
  record?: Quote;
  onView: () => void;
  onDetails?: () => void;
  onMove: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("documents");
  const Icon = fileIcon(document);
  const details = [
    formatDate(document.createdAt),
    formatBytes(document.size),
    document.pageCount ? t("row.pages", { count: document.pageCount }) : "",
  ]
    .filter(Boolean)
    .join(" · ");
  const failed = document.processingStatus === "failed";
  return (
    <li
      data-testid="document-row"
      className="flex flex-col gap-3 px-3 py-3 transition-colors sm:px-4 hover:bg-muted/40 sm:flex-row sm:items-center sm:gap-4"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium" title={document.fileName}>
            {document.fileName}
          </p>
          <p className="text-xs text-muted-foreground">
            <span className="sr-only">{t("row.uploaded")} </span>
            <time dateTime={document.createdAt}>{details}</time>
          </p>
          {failed && document.failureReason && (
            <p className="mt-1 flex items-start gap-1.5 text-xs text-destructive" data-testid="failure-reason">
              <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
              <span className="break-words">{document.failureReason}</span>
            </p>
          )}
          {!failed && record && (
            <p className="mt-1 truncate text-xs font-medium text-foreground/80" data-testid="record-facts">
              {recordFacts(record, t)}
            </p>
          )}
          {/* the rules' summary of a quote or invoice says what the facts line already shows */}
          {!failed && document.summary && record?.extractedBy !== "offline" && (
            <p className="mt-1 line-clamp-2 text-xs text-muted-foreground">{document.summary}</p>
          )}
          {!failed && <OcrNote document={document} />}
        </div>
      </div>
      {/* On a phone the status and the actions share a line when they fit and wrap when not. */}
      <div className="flex flex-wrap items-center justify-between gap-2 sm:flex-nowrap sm:justify-end">
        <div className="flex items-center gap-2">
          <TextDot extracted={document.hasText} />
          <StatusBadge status={document.processingStatus} />
        </div>
        <div className="flex items-center gap-1 sm:ml-2">
          <Button
            variant="outline"
            size="sm"
            onClick={onView}
            disabled={document.processingStatus === "uploading"}
            aria-label={t("row.viewFile", { name: document.fileName })}
          >
            <ExternalLink />
            {t("row.view")}
          </Button>
          {record && onDetails && (
            <Tooltip>
              <TooltipTrigger asChild>
                <Button variant="ghost" size="icon" onClick={onDetails} aria-label={t("row.detailsOf", { name: document.fileName })}>
                  <Table2 />
                </Button>
              </TooltipTrigger>
              <TooltipContent>{t("row.detailsTip", { type: typeLabel(record.documentType) })}</TooltipContent>
            </Tooltip>
          )}
          <Tooltip>
            <TooltipTrigger asChild>
              <Button variant="ghost" size="icon" onClick={onMove} aria-label={t("row.moveFile", { name: document.fileName })}>
                <FolderInput />
              </Button>
            </TooltipTrigger>
            <TooltipContent>{t("row.moveTip")}</TooltipContent>
          </Tooltip>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                onClick={onDelete}
                aria-label={t("row.deleteFile", { name: document.fileName })}
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              >
                <Trash2 />
              </Button>
            </TooltipTrigger>
            <TooltipContent>{t("row.delete")}</TooltipContent>
          </Tooltip>
        </div>
      </div>
    </li>
  );
}
