import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ChevronLeft, ChevronRight, ExternalLink, ZoomIn, ZoomOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { documentViewUrl, useProjectDocuments } from "@/features/documents/queries";
import { openDocument } from "@/features/documents/openDocument";
import { PageText } from "@quorum/core/document/schema";
import { apiJson } from "@/lib/api";
import { cn } from "@/lib/utils";
import { linesBox, type Box } from "./search";
import { loadPdf, type PdfFile } from "./pdf";

/** Zoom steps, as a share of the page's fitted width. */
const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

interface Props {
  projectId: number;
  documentId: number;
  page: number;
  box?: Box;
  /** A cited passage's first and last line on the page: marked from the page's extracted lines. */
  lines?: [number, number];
  onPage: (page: number) => void;
  onBack: () => void;
}

const isPdf = (name: string) => /\.pdf$/i.test(name);
const isPicture = (name: string) => /\.(png|jpe?g)$/i.test(name);

/**
 * A document in the app, at a page, with the place a value was read marked on it: a PDF drawn by
 * pdf.js, a picture as it is. The file comes through the API's short-lived link, under the same
 * ownership rules as downloading it; nothing leaves for another origin.
 */
export default function DocumentViewer({ projectId, documentId, page, box, lines, onPage, onBack }: Props) {
  const { t } = useTranslation("documents");
  const documents = useProjectDocuments(projectId);
  const document = documents.data?.find((d) => d.id === documentId);
  const link = useQuery({
    queryKey: ["documents", "view", documentId],
    queryFn: () => documentViewUrl(documentId),
    enabled: document !== undefined,
    // the link expires: a fresh one each time the viewer opens
    staleTime: 60_000,
    gcTime: 0,
  });
  const [zoom, setZoom] = useState(2);
  const drawable = document !== undefined && (isPdf(document.fileName) || isPicture(document.fileName));
  // the page's lines: to mark a cited passage, or to show a file the browser cannot draw
  const text = useQuery({
    queryKey: ["documents", "page", documentId, page],
    queryFn: async () => PageText.parse(await apiJson("GET", `/api/documents/${documentId}/pages/${page}`)),
    enabled: document !== undefined && (lines !== undefined || !drawable),
    retry: false,
  });
  const marked = box ?? (lines && text.data ? linesBox(text.data.lines, lines) : undefined);

  if (documents.isPending || (document && link.isPending))
    return (
      <Centered>
        <Spinner />
        {t("viewer.loading")}
      </Centered>
    );
  if (!document || link.isError)
    return (
      <Centered>
        <p>{t("viewer.missing")}</p>
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft />
          {t("viewer.back")}
        </Button>
      </Centered>
    );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex flex-wrap items-center gap-2 border-b bg-background px-4 py-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft />
          {t("viewer.back")}
        </Button>
        <h1 className="min-w-0 flex-1 truncate text-sm font-medium" title={document.fileName}>
          {document.fileName}
        </h1>
        <Button variant="ghost" size="icon" aria-label={t("viewer.zoomOut")} disabled={zoom === 0} onClick={() => setZoom(zoom - 1)}>
          <ZoomOut />
        </Button>
        <span className="w-12 text-center text-xs tabular-nums text-muted-foreground">{Math.round(ZOOMS[zoom]! * 100)}%</span>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("viewer.zoomIn")}
          disabled={zoom === ZOOMS.length - 1}
          onClick={() => setZoom(zoom + 1)}
        >
          <ZoomIn />
        </Button>
        <Button variant="outline" size="sm" onClick={() => void openDocument(document, page)} aria-label={t("viewer.openFile")}>
          <ExternalLink />
          <span className="hidden sm:inline">{t("viewer.openFile")}</span>
        </Button>
      </header>
      {isPdf(document.fileName) ? (
        <PdfView url={link.data!.url} page={page} box={marked} scale={ZOOMS[zoom]!} onPage={onPage} />
      ) : isPicture(document.fileName) ? (
        <Surface>
          <Marked box={marked} width={`${ZOOMS[zoom]! * 100}%`}>
            <img src={link.data!.url} alt={document.fileName} className="block w-full" />
          </Marked>
        </Surface>
      ) : text.data ? (
        <TextView text={text.data} lines={lines} onPage={onPage} />
      ) : (
        <Centered>{text.isPending ? <Spinner /> : <p>{t("viewer.noPreview")}</p>}</Centered>
      )}
    </div>
  );
}

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="flex flex-1 flex-col items-center justify-center gap-3 p-10 text-sm text-muted-foreground">{children}</div>;
}

function Surface({ children }: { children: React.ReactNode }) {
  return <div className="min-h-0 flex-1 overflow-auto bg-muted/40 p-4 sm:p-6">{children}</div>;
}

/** A page with the box drawn over it: the box is a share of the page, so it holds at any zoom. */
function Marked({ box, width, children }: { box?: Box; width: string; children: React.ReactNode }) {
  const { t } = useTranslation("documents");
  const mark = useRef<HTMLDivElement>(null);
  // (newer browsers answer scrollIntoView with a promise: it must not be returned as the cleanup)
  useEffect(() => {
    void mark.current?.scrollIntoView({ block: "center", inline: "center" });
  }, [box]);
  return (
    <div className="relative mx-auto bg-white shadow-md ring-1 ring-border" style={{ width, maxWidth: "none" }}>
      {children}
      {box && (
        <div
          ref={mark}
          data-testid="viewer-highlight"
          role="mark"
          aria-label={t("viewer.highlight")}
          className="pointer-events-none absolute rounded-sm bg-amber-300/35 ring-2 ring-amber-500"
          style={{
            left: `${box[0] * 100}%`,
            top: `${box[1] * 100}%`,
            width: `${(box[2] - box[0]) * 100}%`,
            height: `${(box[3] - box[1]) * 100}%`,
          }}
        />
      )}
    </div>
  );
}

/** One PDF page drawn at the zoom, with paging by buttons and by the arrow keys. */
function PdfView({
  url,
  page,
  box,
  scale,
  onPage,
}: {
  url: string;
  page: number;
  box?: Box;
  scale: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("documents");
  const [file, setFile] = useState<PdfFile>();
  const [failed, setFailed] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let open: PdfFile | undefined;
    let gone = false;
    loadPdf(url).then(
      (loaded) => {
        open = loaded;
        if (gone) void loaded.close();
        else setFile(loaded);
      },
      () => setFailed(true),
    );
    return () => {
      gone = true;
      void open?.close();
    };
  }, [url]);

  const count = file?.pages ?? 0;
  const shown = count ? Math.min(page, count) : page;
  useEffect(() => {
    if (!file || !canvas.current || !frame.current) return;
    const width = frame.current.clientWidth * scale;
    const drawing = file.draw(shown, canvas.current, width);
    return () => drawing.cancel();
  }, [file, shown, scale]);

  if (failed)
    return (
      <Centered>
        <p>{t("viewer.unreadable")}</p>
      </Centered>
    );
  return (
    <>
      <Surface>
        <div ref={frame} className="mx-auto w-full max-w-3xl">
          {!file && (
            <Centered>
              <Spinner />
            </Centered>
          )}
          <Marked box={file ? box : undefined} width={`${scale * 100}%`}>
            <canvas ref={canvas} className="block w-full" aria-label={t("viewer.page", { page: shown, count })} />
          </Marked>
        </div>
      </Surface>
      <PageNav page={shown} count={count} onPage={onPage} />
    </>
  );
}

/** Previous and next page, by buttons and by the arrow and page keys. */
function PageNav({ page, count, onPage }: { page: number; count: number; onPage: (page: number) => void }) {
  const { t } = useTranslation("documents");
  const go = useCallback((to: number) => count > 0 && to >= 1 && to <= count && onPage(to), [count, onPage]);
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (e.key === "ArrowRight" || e.key === "PageDown") go(page + 1);
      if (e.key === "ArrowLeft" || e.key === "PageUp") go(page - 1);
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [go, page]);
  return (
    <nav className="flex items-center justify-center gap-3 border-t bg-background py-2 text-sm" aria-label={t("viewer.pages")}>
      <Button variant="ghost" size="icon" aria-label={t("viewer.previous")} disabled={page <= 1} onClick={() => go(page - 1)}>
        <ChevronLeft />
      </Button>
      <span className="tabular-nums">{t("viewer.page", { page, count })}</span>
      <Button variant="ghost" size="icon" aria-label={t("viewer.next")} disabled={!count || page >= count} onClick={() => go(page + 1)}>
        <ChevronRight />
      </Button>
    </nav>
  );
}

/** A page of a file the browser cannot draw (Word, a spreadsheet, text), as extracted, the cited lines marked. */
function TextView({ text, lines, onPage }: { text: PageText; lines?: [number, number]; onPage: (page: number) => void }) {
  const first = useRef<HTMLLIElement>(null);
  useEffect(() => {
    void first.current?.scrollIntoView({ block: "center" });
  }, [lines, text]);
  const inside = (n: number) => lines !== undefined && n >= lines[0] && n <= lines[1];
  return (
    <>
      <Surface>
        <ol className="mx-auto max-w-3xl rounded-md bg-background p-6 font-mono text-xs leading-6 shadow-sm ring-1 ring-border">
          {text.lines.map((line, i) => (
            <li
              key={i}
              ref={inside(i + 1) && !inside(i) ? first : undefined}
              data-testid={inside(i + 1) ? "viewer-highlight" : undefined}
              className={cn("whitespace-pre-wrap break-words px-1", inside(i + 1) && "bg-amber-300/35")}
            >
              {line.text || "\u00a0"}
            </li>
          ))}
        </ol>
      </Surface>
      <PageNav page={text.page} count={text.pages} onPage={onPage} />
    </>
  );
}
