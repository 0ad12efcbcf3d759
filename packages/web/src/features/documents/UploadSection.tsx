import * as React from "react";
import { useTranslation } from "react-i18next";
import i18next from "i18next";
import { useDropzone, type FileRejection } from "react-dropzone";
import { AlertCircle, CheckCircle2, CloudUpload, FileUp, X } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";
import { CategoryChips } from "./CategoryChips";
import { StatusBadge } from "./DocumentRow";
import { formatBytes } from "@/lib/format";
import { StorageUse } from "@/features/billing";
import { categoryLabel, DOCUMENT_ACCEPT, MAX_UPLOAD_BYTES, MIN_UPLOAD_BYTES, type DocumentCategory } from "./model";
import { useProjectDocuments } from "./queries";
import { useDocumentUpload, type UploadState } from "./useDocumentUpload";

/** The accepted types as react-dropzone lists them in its refusal. */
const ACCEPTED_LIST = Object.entries(DOCUMENT_ACCEPT)
  .flatMap(([mime, extensions]) => [mime, ...extensions])
  .join(", ");

/**
 * Why react-dropzone refused a file, in the language on screen (in English, react-dropzone's
 * own words: 'File type must be ...', 'Too many files'); an error it has no code for keeps its text.
 */
function rejectionText(error: { code: string; message: string }): string {
  const bytes = (limit: number) => ({ size: String(limit), count: limit });
  switch (error.code) {
    case "file-invalid-type":
      return i18next.t("documents:rejected.type", { types: ACCEPTED_LIST });
    case "file-too-large":
      return i18next.t("documents:rejected.large", bytes(MAX_UPLOAD_BYTES));
    case "file-too-small":
      return i18next.t("documents:rejected.small", bytes(MIN_UPLOAD_BYTES));
    case "too-many-files":
      return i18next.t("documents:rejected.many");
    default:
      return error.message;
  }
}

/** What was wrong with each refused file, each said once. */
export function rejectionMessage(rejections: FileRejection[]): string {
  return [...new Set(rejections.flatMap((r) => r.errors.map(rejectionText)))].join(". ");
}

/** The project's Upload section: category chips, then the drop zone. */
export function UploadSection({ projectId }: { projectId: number }) {
  const { t } = useTranslation("documents");
  const [category, setCategory] = React.useState<DocumentCategory>("vendor-quotes");
  const { state, upload, cancel, reject } = useDocumentUpload(projectId);
  const uploading = state.phase === "uploading";

  const {
    getRootProps,
    getInputProps,
    isDragActive,
    isDragReject: rejectedLast,
  } = useDropzone({
    accept: DOCUMENT_ACCEPT,
    maxSize: MAX_UPLOAD_BYTES,
    minSize: MIN_UPLOAD_BYTES,
    multiple: false,
    maxFiles: 1,
    disabled: uploading,
    // The file dialog is the hidden <input> (useFsAccessApi stays off), so a cancelled
    // dialog is noticed by react-dropzone's 300 ms check after the window regains focus.
    useFsAccessApi: false,
    onDropAccepted: ([file]) => {
      if (file) void upload(file, category);
    },
    onDropRejected: (rejections) => reject(rejectionMessage(rejections), rejections.length === 1 ? rejections[0]!.file.name : undefined),
  });

  // react-dropzone keeps isDragReject set after a refused drop; the warning style is for while dragging.
  const isDragReject = isDragActive && rejectedLast;
  const categoryHeading = `upload-category-${projectId}`;
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold leading-none tracking-tight">{t("upload.title")}</h2>
        <CardDescription>{t("upload.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 px-4 pb-4 sm:px-6 sm:pb-6">
        <div className="grid gap-3">
          <h3 id={categoryHeading} className="text-sm font-medium">
            {t("upload.category")}
          </h3>
          <CategoryChips value={category} onChange={setCategory} disabled={uploading} labelledBy={categoryHeading} />
        </div>

        <div className="grid gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h3 className="text-sm font-medium">{t("upload.file")}</h3>
            <StorageUse />
          </div>
          <div
            {...getRootProps({
              // A control that opens the file dialog (Enter or Space), not react-dropzone's default presentation role.
              role: "button",
              "aria-disabled": uploading || undefined,
              // Named by all it shows (call to action, accepted files, where the file goes), so speech input finds it by its words.
            })}
            data-testid="dropzone"
            className={cn(
              "group flex cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors",
              "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
              isDragReject
                ? "border-destructive bg-destructive/5"
                : isDragActive
                  ? "border-primary bg-primary/5"
                  : "border-border bg-muted/30 hover:border-primary/60 hover:bg-primary/5",
              uploading && "cursor-not-allowed opacity-60",
            )}
          >
            <div
              className={cn(
                "flex size-12 items-center justify-center rounded-full bg-background text-primary shadow-sm ring-1 ring-border transition-transform",
                isDragActive && "scale-110",
              )}
            >
              <CloudUpload className="size-6" aria-hidden="true" />
            </div>
            <div className="grid gap-1">
              <p className="font-medium">
                {t(isDragReject ? "upload.dragRejected" : isDragActive ? "upload.dragActive" : "upload.dragIdle")}
              </p>
              <p className="text-sm text-muted-foreground">{t("upload.hint", { max: formatBytes(MAX_UPLOAD_BYTES) })}</p>
            </div>
            <Badge variant="secondary" className="font-medium">
              {t("upload.goesTo", { category: categoryLabel(category) })}
            </Badge>
          </div>
          {/* Outside the drop zone: a control inside a button is one nobody can reach on its own. */}
          <input
            {...getInputProps({ "aria-label": t("upload.dropzoneLabel", { category: categoryLabel(category) }) })}
            data-testid="document-input"
          />
        </div>

        <UploadStatus projectId={projectId} state={state} onCancel={cancel} />
      </CardContent>
    </Card>
  );
}

function UploadStatus({ projectId, state, onCancel }: { projectId: number; state: UploadState; onCancel: () => void }) {
  const { t } = useTranslation("documents");
  if (state.phase === "idle") return <div aria-live="polite" className="sr-only" />;
  if (state.phase === "uploading") {
    return (
      <div className="grid gap-3 rounded-xl border bg-card p-4" data-testid="upload-progress">
        <div className="flex items-center gap-3">
          <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <FileUp className="size-5" aria-hidden="true" />
          </div>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium" title={state.fileName}>
              {state.fileName}
            </p>
            <p className="text-xs text-muted-foreground">
              {formatBytes(state.size)} · {t("upload.uploading")} <span className="tabular-nums">{state.progress}%</span>
            </p>
          </div>
          <Button variant="ghost" size="icon" onClick={onCancel} aria-label={t("upload.cancelFile", { name: state.fileName })}>
            <X />
          </Button>
        </div>
        <Progress
          value={state.progress}
          aria-label={t("upload.uploadingFile", { name: state.fileName })}
          aria-valuetext={`${state.progress}%`}
        />
      </div>
    );
  }
  if (state.phase === "error") {
    return (
      <div
        role="alert"
        className="flex items-start gap-3 rounded-xl border border-destructive/40 bg-destructive/10 p-4 text-sm dark:border-destructive/50"
      >
        <AlertCircle className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="min-w-0 grid gap-1">
          <p className="font-medium text-destructive" data-testid="upload-error">
            {state.message}
          </p>
          {state.fileName && <p className="truncate text-muted-foreground">{state.fileName}</p>}
        </div>
      </div>
    );
  }
  return <UploadSuccess projectId={projectId} fileName={state.fileName} documentId={state.document.id} />;
}

/** The spec's two sentences, then where the new document's processing stands (the list polls meanwhile). */
function UploadSuccess({ projectId, fileName, documentId }: { projectId: number; fileName: string; documentId: number }) {
  const { t } = useTranslation("documents");
  const documents = useProjectDocuments(projectId);
  const doc = documents.data?.find((d) => d.id === documentId);
  const status = doc?.processingStatus ?? "processing";
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-success/40 bg-success/10 p-4 text-sm"
      data-testid="upload-success"
    >
      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
      <div className="grid min-w-0 gap-1.5">
        <p className="break-words font-medium">{t("upload.success", { name: fileName })}</p>
        <p className="text-muted-foreground">{t("upload.analyzing")}</p>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>{t("upload.status")}</span>
          <StatusBadge status={status} />
          {status === "failed" && doc?.failureReason && <span className="text-destructive">{doc.failureReason}</span>}
        </div>
      </div>
    </div>
  );
}
