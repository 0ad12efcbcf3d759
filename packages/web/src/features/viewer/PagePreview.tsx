import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "@tanstack/react-router";
import { Maximize2 } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { isPdf, isPicture, useDocumentFile } from "./file";
import { Marked } from "./Marked";
import { boxParam, type Box } from "./search";
import { useDrawnPage, usePdfFile } from "./use-pdf";

interface Props {
  projectId: number;
  documentId: number;
  /** The page shown and the place marked on it; page 1 unmarked when the value's place is unknown. */
  page: number;
  box?: Box;
}

/**
 * One page of a document beside what was read from it (the quote's review): the place of the
 * value in focus marked, and a link to open it in the full viewer. Loaded on demand, like the viewer.
 */
export default function PagePreview({ projectId, documentId, page, box }: Props) {
  const { t } = useTranslation("documents");
  const { documents, document, link } = useDocumentFile(projectId, documentId);
  const note = (text: string) => <p className="p-6 text-center text-sm text-muted-foreground">{text}</p>;
  let body: React.ReactNode;
  if (documents.isPending || (document && link.isPending)) body = <Spinner className="m-auto my-10" />;
  else if (!document || !link.data) body = note(t("viewer.missing"));
  else if (isPdf(document.fileName)) body = <PdfPage url={link.data.url} page={page} box={box} />;
  else if (isPicture(document.fileName))
    body = (
      <Marked box={box} width="100%">
        <img src={link.data.url} alt={document.fileName} className="block w-full" />
      </Marked>
    );
  else body = note(t("viewer.noPreview"));
  return (
    <figure className="grid gap-2" data-testid="page-preview">
      <figcaption className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span className="truncate">{document ? `${document.fileName} · ${t("viewer.pageOnly", { page })}` : NBSP}</span>
        <Link
          to="/projects/$id/documents/$documentId"
          params={{ id: projectId, documentId }}
          search={{ page, ...(box ? { box: boxParam(box) } : {}) }}
          className="inline-flex shrink-0 items-center gap-1 text-primary underline-offset-4 hover:underline"
        >
          <Maximize2 className="size-3.5" aria-hidden />
          {t("viewer.openViewer")}
        </Link>
      </figcaption>
      <div className="overflow-hidden rounded-md bg-muted/40 p-2">{body}</div>
    </figure>
  );
}

const NBSP = "\u00a0";

function PdfPage({ url, page, box }: { url: string; page: number; box?: Box }) {
  const { t } = useTranslation("documents");
  const { file, failed } = usePdfFile(url);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const shown = file ? Math.min(page, file.pages) : page;
  useDrawnPage(file, shown, canvas, frame);
  if (failed) return <p className="p-6 text-center text-sm text-muted-foreground">{t("viewer.unreadable")}</p>;
  return (
    <div ref={frame}>
      {!file && <Spinner className="m-auto my-10" />}
      <Marked box={file ? box : undefined} width="100%">
        <canvas ref={canvas} className="block w-full" aria-label={t("viewer.page", { page: shown, count: file?.pages ?? 0 })} />
      </Marked>
    </div>
  );
}
