import { AlertTriangle, CheckCircle2, PencilLine } from "lucide-react";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { openDocument } from "@/features/documents/openDocument";
import { cn } from "@/lib/utils";
import { GOOD_TEXT } from "@/features/projects/colors";
import type { ExtractionStatus, QuoteKind } from "@quorum/core/quote/schema";
import { statusLabel } from "./model";

/** Checked (green), Needs review (amber), Edited (primary). */
export function StatusBadge({ status, className }: { status: ExtractionStatus; className?: string }) {
  useTranslation("quotes");
  const Icon = status === "checked" ? CheckCircle2 : status === "edited" ? PencilLine : AlertTriangle;
  return (
    <Badge
      variant="outline"
      className={cn(
        "gap-1 whitespace-nowrap font-medium",
        status === "checked" && cn("border-success/30 bg-success/10", GOOD_TEXT),
        status === "needs_review" && "border-amber-500/30 bg-amber-500/10 text-amber-700 dark:text-amber-400",
        status === "edited" && "border-primary/30 bg-primary/10 text-primary",
        className,
      )}
    >
      <Icon className="size-3" aria-hidden="true" />
      {statusLabel(status)}
    </Badge>
  );
}

export function KindBadge({ kind }: { kind: QuoteKind }) {
  const { t } = useTranslation("quotes");
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-md px-1.5 py-0.5 text-[10px] font-semibold uppercase tracking-wide",
        kind === "vendor" ? "bg-sky-500/10 text-sky-700 dark:text-sky-300" : "bg-violet-500/10 text-violet-700 dark:text-violet-300",
      )}
    >
      {t(`kind.${kind}`)}
    </span>
  );
}

/** Opens the quote's source document in a new tab (the API's short-lived view link). */
export function viewDocument(documentId: number, fileName: string) {
  openDocument({ id: documentId, fileName }).catch(() =>
    toast({
      title: i18next.t("quotes:open.failed"),
      description: i18next.t("quotes:open.maybeDeleted", { name: fileName }),
      variant: "destructive",
    }),
  );
}

/** The quotes on their way (placeholder rows), or the sentence saying they could not be loaded. */
export function QuotesNotReady({ failed, className }: { failed: boolean; className?: string }) {
  const { t } = useTranslation("quotes");
  if (failed) return <p className={cn("py-12 text-center text-sm text-muted-foreground", className)}>{t("section.loadFailed")}</p>;
  return (
    <div className={cn("grid gap-2 py-6", className)} role="status" aria-label={t("section.loading")}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}
