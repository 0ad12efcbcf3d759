import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ChevronDown, ChevronLeft, ChevronRight, ChevronUp, ExternalLink, Search, ZoomIn, ZoomOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { openDocument } from "@/features/documents/openDocument";
import { DocumentMatches, MAX_FIND_QUERY, PageText } from "@quorum/core/document/schema";
import { apiJson } from "@/lib/api";
import { cn } from "@/lib/utils";
import { linesBox, type Box } from "./search";
import { isPdf, isPicture, useDocumentFile } from "./file";
import { Marked } from "./Marked";
import type { PdfFile } from "./pdf";
import { useDrawnPage, usePdfFile } from "./use-pdf";

/** A thumbnail's width in CSS pixels. */
const THUMBNAIL_WIDTH = 104;

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

/**
 * A document in the app, at a page, with the place a value was read marked on it: a PDF drawn by
 * pdf.js, a picture as it is. The file comes through the API's short-lived link, under the same
 * ownership rules as downloading it; nothing leaves for another origin.
 */
export default function DocumentViewer({ projectId, documentId, page, box, lines, onPage, onBack }: Props) {
  const { t } = useTranslation("documents");
  const { documents, document, link } = useDocumentFile(projectId, documentId);
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
  // the extracted text, searched on the server: what scans, pictures and files without a drawing hold
  const findInText = useCallback(
    async (query: string): Promise<Match[]> =>
      DocumentMatches.parse(await apiJson("GET", `/api/documents/${documentId}/find?q=${encodeURIComponent(query)}`)).matches,
    [documentId],
  );

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
        <PdfView url={link.data!.url} page={page} box={marked} scale={ZOOMS[zoom]!} onPage={onPage} findInText={findInText} />
      ) : isPicture(document.fileName) ? (
        <PictureView url={link.data!.url} name={document.fileName} box={marked} scale={ZOOMS[zoom]!} find={findInText} />
      ) : text.data ? (
        <TextView text={text.data} lines={lines} onPage={onPage} find={findInText} />
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
  // focusable, so the page can be scrolled from the keyboard
  return (
    <div
      tabIndex={0}
      className="min-h-0 flex-1 overflow-auto bg-muted/40 p-4 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring sm:p-6"
    >
      {children}
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
  findInText,
}: {
  url: string;
  page: number;
  box?: Box;
  scale: number;
  onPage: (page: number) => void;
  findInText: Find;
}) {
  const { t } = useTranslation("documents");
  const { file, failed } = usePdfFile(url);
  const canvas = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLDivElement>(null);

  const count = file?.pages ?? 0;
  const shown = count ? Math.min(page, count) : page;
  // the PDF's own words first (their runs are tighter boxes); a scan has none, its OCR text has
  const find = useCallback(
    async (query: string) => {
      const found = file ? await file.find(query) : [];
      return found.length > 0 ? found : findInText(query);
    },
    [file, findInText],
  );
  const search = useSearch(find, shown, onPage);
  const words = useRef<HTMLDivElement>(null);
  useDrawnPage(file, shown, canvas, frame, scale, words);

  if (failed)
    return (
      <Centered>
        <p>{t("viewer.unreadable")}</p>
      </Centered>
    );
  return (
    <>
      {file && <SearchBar search={search} />}
      <div className="flex min-h-0 flex-1">
        {file && count > 1 && <Thumbnails file={file} count={count} page={shown} onPage={onPage} />}
        <Surface>
          <div ref={frame} className="mx-auto w-full max-w-3xl">
            {!file && (
              <Centered>
                <Spinner />
              </Centered>
            )}
            <Marked box={file ? box : undefined} matches={search.boxes} active={search.activeBox} width={`${scale * 100}%`}>
              <canvas ref={canvas} className="block w-full" aria-label={t("viewer.page", { page: shown, count })} />
              <div ref={words} className="textLayer" data-testid="viewer-text" />
            </Marked>
          </div>
        </Surface>
      </div>
      <PageNav page={shown} count={count} onPage={onPage} />
    </>
  );
}

/** A place the words were found: a page, and the box or the line (of the extracted text) that holds them. */
interface Match {
  page: number;
  box?: Box;
  line?: number;
}
type Find = (query: string) => Promise<Match[]>;
type Search = ReturnType<typeof useSearch>;

/** The matches of a search in the document and the one in focus; focusing one on another page goes there. */
function useSearch(find: Find, shown: number, onPage: (page: number) => void) {
  const [matches, setMatches] = useState<Match[] | null>(null);
  const [current, setCurrent] = useState(0);
  const focus = (found: Match[], index: number) => {
    setCurrent(index);
    if (found[index] && found[index].page !== shown) onPage(found[index].page);
  };
  const here = (matches ?? []).filter((m) => m.page === shown);
  const active = matches?.[current]?.page === shown ? matches[current] : undefined;
  return {
    find,
    matches,
    current,
    found: (list: Match[] | null) => {
      setMatches(list);
      if (list) focus(list, 0);
    },
    go: (index: number) => matches && focus(matches, index),
    boxes: here.flatMap((m) => (m.box ? [m.box] : [])),
    activeBox: active?.box,
    lines: new Set(here.flatMap((m) => (m.line ? [m.line] : []))),
    activeLine: active?.line,
  };
}

/** Search in the document: every place the words are printed, paged through one by one (Enter goes to the next). */
function SearchBar({ search: { find, matches, current, found, go } }: { search: Search }) {
  const { t } = useTranslation("documents");
  const [query, setQuery] = useState("");
  const [searched, setSearched] = useState("");
  const [busy, setBusy] = useState(false);
  const count = matches?.length ?? 0;
  const search = async () => {
    const wanted = query.trim();
    if (!wanted) return found(null);
    if (wanted === searched && count > 0) return go((current + 1) % count);
    setBusy(true);
    try {
      found(await find(wanted));
      setSearched(wanted);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      role="search"
      className="flex flex-wrap items-center gap-2 border-b bg-background px-4 py-1.5 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void search();
      }}
    >
      <div className="relative w-full max-w-64">
        <Search className="pointer-events-none absolute left-2.5 top-1/2 size-3.5 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <input
          type="search"
          value={query}
          maxLength={MAX_FIND_QUERY}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t("viewer.search")}
          aria-label={t("viewer.search")}
          className="h-8 w-full rounded-md border border-input bg-background pl-8 pr-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        />
      </div>
      {busy ? (
        <Spinner />
      ) : (
        matches && (
          <span className="tabular-nums text-muted-foreground" role="status">
            {count ? t("viewer.match", { index: current + 1, count }) : t("viewer.noMatch")}
          </span>
        )
      )}
      {count > 1 &&
        (
          [
            ["viewer.previousMatch", -1, ChevronUp],
            ["viewer.nextMatch", 1, ChevronDown],
          ] as const
        ).map(([label, step, Icon]) => (
          <Button
            key={label}
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={t(label)}
            onClick={() => go((current + step + count) % count)}
          >
            <Icon />
          </Button>
        ))}
    </form>
  );
}

/** A picture as it is, the value's box and the search's matches (from its OCR text) over it. */
function PictureView({ url, name, box, scale, find }: { url: string; name: string; box?: Box; scale: number; find: Find }) {
  const search = useSearch(find, 1, () => undefined);
  return (
    <>
      <SearchBar search={search} />
      <Surface>
        <Marked box={box} matches={search.boxes} active={search.activeBox} width={`${scale * 100}%`}>
          <img src={url} alt={name} className="block w-full" />
        </Marked>
      </Surface>
    </>
  );
}

/** The pages as small pictures beside the page shown (from a medium screen on), each drawn once it scrolls into view. */
function Thumbnails({ file, count, page, onPage }: { file: PdfFile; count: number; page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation("documents");
  return (
    <nav aria-label={t("viewer.thumbnails")} className="hidden w-32 shrink-0 overflow-y-auto border-r bg-background p-2 md:block">
      <ol className="grid gap-2">
        {Array.from({ length: count }, (_, i) => (
          <li key={i}>
            <Thumbnail file={file} number={i + 1} current={i + 1 === page} onClick={() => onPage(i + 1)} />
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Thumbnail({ file, number, current, onClick }: { file: PdfFile; number: number; current: boolean; onClick: () => void }) {
  const { t } = useTranslation("documents");
  const canvas = useRef<HTMLCanvasElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let drawing: { cancel(): void } | undefined;
    const seen = new IntersectionObserver((entries) => {
      if (drawing || !entries.some((e) => e.isIntersecting)) return;
      drawing = file.draw(number, element, THUMBNAIL_WIDTH);
      seen.disconnect();
    });
    seen.observe(element);
    return () => {
      seen.disconnect();
      drawing?.cancel();
    };
  }, [file, number]);
  useEffect(() => {
    if (current) void button.current?.scrollIntoView({ block: "nearest" });
  }, [current]);
  return (
    <button
      ref={button}
      type="button"
      onClick={onClick}
      aria-current={current ? "page" : undefined}
      aria-label={t("viewer.thumbnail", { page: number })}
      className={cn(
        "block w-full cursor-pointer overflow-hidden rounded-sm bg-white ring-1 ring-border transition-shadow hover:ring-primary/60",
        current && "ring-2 ring-primary ring-offset-2 ring-offset-background",
      )}
    >
      <canvas ref={canvas} width={THUMBNAIL_WIDTH} height={Math.round(THUMBNAIL_WIDTH * 1.3)} className="block w-full" />
      <span
        className={cn(
          "block bg-background py-0.5 text-center text-[11px] tabular-nums",
          current ? "font-semibold" : "text-muted-foreground",
        )}
      >
        {number}
      </span>
    </button>
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
function TextView({ text, lines, onPage, find }: { text: PageText; lines?: [number, number]; onPage: (page: number) => void; find: Find }) {
  const first = useRef<HTMLLIElement>(null);
  const found = useRef<HTMLLIElement>(null);
  const search = useSearch(find, text.page, onPage);
  useEffect(() => {
    void first.current?.scrollIntoView({ block: "center" });
  }, [lines, text]);
  useEffect(() => {
    void found.current?.scrollIntoView({ block: "center" });
  }, [search.activeLine, text]);
  const inside = (n: number) => lines !== undefined && n >= lines[0] && n <= lines[1];
  return (
    <>
      <SearchBar search={search} />
      <Surface>
        <ol className="mx-auto max-w-3xl rounded-md bg-background p-6 font-mono text-xs leading-6 shadow-sm ring-1 ring-border">
          {text.lines.map((line, i) => (
            <li
              key={i}
              ref={search.activeLine === i + 1 ? found : inside(i + 1) && !inside(i) ? first : undefined}
              data-testid={inside(i + 1) ? "viewer-highlight" : search.lines.has(i + 1) ? "viewer-match" : undefined}
              data-active={search.activeLine === i + 1 || undefined}
              className={cn(
                "whitespace-pre-wrap break-words px-1",
                inside(i + 1) && "bg-amber-300/35",
                search.lines.has(i + 1) && (search.activeLine === i + 1 ? "bg-sky-400/40 ring-2 ring-sky-600" : "bg-sky-300/30"),
              )}
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
