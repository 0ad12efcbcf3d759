import { AlertCircle, ExternalLink, FileImage, FileSpreadsheet, FileText, FolderInput, ScanText, Table2, Trash2 } from "lucide-react";
import { describeOcr, LOW_OCR_CONFIDENCE } from "@quorum/core/document/schema";
import type { LucideIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";
import { typeLabel, type Quote } from "@/features/quotes/model";
import { formatCalendarDate, formatDate, formatMoney } from "@/lib/format";
import { formatBytes, statusVariant, type ProjectDocument } from "./model";

function fileIcon(doc: Pick<ProjectDocument, "fileType" | "fileName">): LucideIcon {
  if (doc.fileType.startsWith("image/")) return FileImage;
  if (/sheet|excel|csv/i.test(doc.fileType) || /\.(xlsx?|csv)$/i.test(doc.fileName)) return FileSpreadsheet;
  return FileText;
}

/** Spec doc 2 §2: a green dot when text was extracted, with the tooltip saying which. */
export function TextDot({ extracted }: { extracted: boolean }) {
  const text = extracted ? "Text extracted successfully" : "No text extracted";
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

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={statusVariant(status)} className="shrink-0" data-testid="document-status">
      {(status === "uploading" || status === "processing") && <Spinner className="size-3" />}
      {status === "failed" && <AlertCircle className="size-3 text-destructive" aria-hidden="true" />}
      {status}
    </Badge>
  );
}

/** "Invoice INV-7731 · Northwind Traders · Mar 4, 2031 · $2,480.00 · 3 items": what was read from a commercial document. */
function recordFacts(record: Quote): string {
  const items = record.lineItems.length;
  return [
    `${typeLabel(record.documentType)}${record.quoteNumber ? ` ${record.quoteNumber}` : ""}`,
    record.vendorName,
    record.quoteDate && formatCalendarDate(record.quoteDate),
    record.total !== null && formatMoney(record.total, record.currency),
    items > 0 && `${items} ${items === 1 ? "item" : "items"}`,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** Pages read by OCR, in amber when a reading is unsure enough to check against the file. */
function OcrNote({ document }: { document: ProjectDocument }) {
  const note = describeOcr(document.ocrPages ?? []);
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
  const Icon = fileIcon(document);
  const details = [
    formatDate(document.createdAt),
    formatBytes(document.size),
    document.pageCount ? `${document.pageCount} ${document.pageCount === 1 ? "page" : "pages"}` : "",
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
            <span className="sr-only">Uploaded </span>
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
              {recordFacts(record)}
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
            aria-label={`View ${document.fileName}`}
          >
            <ExternalLink />
            View
          </Button>
          {record && onDetails && (
            <Tooltip>
              <TooltipTrigger asChild>
                <Button variant="ghost" size="icon" onClick={onDetails} aria-label={`Details of ${document.fileName}`}>
                  <Table2 />
                </Button>
              </TooltipTrigger>
              <TooltipContent>{`${typeLabel(record.documentType)} details: fields, line items and checks`}</TooltipContent>
            </Tooltip>
          )}
          <Tooltip>
            <TooltipTrigger asChild>
              <Button variant="ghost" size="icon" onClick={onMove} aria-label={`Move ${document.fileName}`}>
                <FolderInput />
              </Button>
            </TooltipTrigger>
            <TooltipContent>Move to another category</TooltipContent>
          </Tooltip>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                onClick={onDelete}
                aria-label={`Delete ${document.fileName}`}
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              >
                <Trash2 />
              </Button>
            </TooltipTrigger>
            <TooltipContent>Delete</TooltipContent>
          </Tooltip>
        </div>
      </div>
    </li>
  );
}
