import * as React from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { FileText, MessageSquare, ReceiptText, Search, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MAX_SEARCH_QUERY_CHARS } from "@quorum/core/search/limits";
import type { SearchReply, SearchResult } from "@quorum/core/search/schema";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { apiJson } from "@/lib/api";
import { cn } from "@/lib/utils";

/** Quiet time after the last keystroke before asking: one request per pause, not per letter. */
const TYPING_PAUSE_MS = 150;

function useDebounced(value: string) {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** The snippet with its matched words in <mark>. */
function Marked({ text, marks }: { text: string; marks: SearchResult["marks"] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [from, to] of marks) {
    if (from > at) parts.push(text.slice(at, from));
    parts.push(
      <mark key={from} className="rounded-sm bg-primary/15 font-medium text-foreground">
        {text.slice(from, to)}
      </mark>,
    );
    at = to;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

const ICONS: Record<SearchResult["kind"], LucideIcon> = { message: MessageSquare, document: FileText, quote: ReceiptText };

/** What a result is, said in words beside its icon: a conversation, a document's page, a quote. */
function KindLabel({ result }: { result: SearchResult }) {
  const { t } = useTranslation("search");
  if (result.kind === "document") {
    const page = new URL(result.href, window.location.origin).searchParams.get("page") ?? "1";
    return <>{t("kindDocument", { page })}</>;
  }
  return <>{t(result.kind === "quote" ? "kindQuote" : "kindMessage")}</>;
}

/**
 * The search palette: a dialog holding a combobox (the query) and a listbox (the
 * results). Arrow keys move the active result, Enter opens it, Escape closes.
 */
export default function CommandPalette({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("search");
  const router = useRouter();
  const [query, setQuery] = React.useState("");
  const [active, setActive] = React.useState(0);
  const settled = useDebounced(query.trim());
  const search = useQuery({
    queryKey: ["/api/search", settled],
    queryFn: () => apiJson<SearchReply>("GET", `/api/search?q=${encodeURIComponent(settled)}`),
    enabled: settled.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const results = settled ? (search.data?.results ?? []) : [];
  const listId = React.useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  React.useEffect(() => setActive(0), [search.data]);
  React.useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
  });

  const open = (result: SearchResult | undefined) => {
    if (!result) return;
    onClose();
    router.history.push(result.href);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    const last = results.length - 1;
    if (event.key === "ArrowDown") setActive((i) => (i >= last ? 0 : i + 1));
    else if (event.key === "ArrowUp") setActive((i) => (i <= 0 ? last : i - 1));
    else if (event.key === "Enter") open(results[active]);
    else return;
    event.preventDefault();
  };

  const atLimit = query.length >= MAX_SEARCH_QUERY_CHARS;
  const status = !settled
    ? t("hint")
    : search.isError
      ? t("failed")
      : search.isPending
        ? t("searching")
        : results.length === 0
          ? t("none", { query: settled })
          : t("count", { count: results.length });

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="top-[12vh] max-w-2xl translate-y-0 gap-0 overflow-hidden p-0" hideClose>
        <DialogTitle className="sr-only">{t("title")}</DialogTitle>
        <DialogDescription className="sr-only">{t("description")}</DialogDescription>
        <div className="flex items-center gap-2 border-b px-4">
          <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <input
            role="combobox"
            aria-label={t("label")}
            aria-expanded={results.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
            autoFocus
            value={query}
            maxLength={MAX_SEARCH_QUERY_CHARS}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t("placeholder")}
            className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground"
          />
          {search.isFetching && <Spinner className="size-4 text-muted-foreground" />}
        </div>
        <ul id={listId} role="listbox" aria-label={t("results")} className="max-h-[min(60vh,28rem)] overflow-y-auto p-2 empty:hidden">
          {results.map((result, i) => {
            const Icon = ICONS[result.kind];
            return (
              <li
                key={`${result.kind} ${result.id} ${result.href}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                onMouseMove={() => setActive(i)}
                onClick={() => open(result)}
                className={cn("flex cursor-pointer gap-3 rounded-lg px-3 py-2.5", i === active && "bg-accent text-accent-foreground")}
                data-testid="search-result"
              >
                <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="grid min-w-0 gap-0.5">
                  <span className="flex min-w-0 items-baseline gap-2">
                    <span className="truncate text-sm font-medium">{result.title.trim() || t("untitled")}</span>
                    <span className="shrink-0 text-xs text-muted-foreground" data-testid="search-result-kind">
                      <KindLabel result={result} />
                    </span>
                  </span>
                  <span className="line-clamp-2 text-xs leading-5 text-muted-foreground">
                    <Marked text={result.snippet} marks={result.marks} />
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
        <div className="flex items-center gap-3 border-t bg-muted/40 px-4 py-2 text-xs text-muted-foreground">
          <p role="status" aria-live="polite" className="min-w-0 flex-1 truncate">
            {atLimit ? t("tooLong", { max: MAX_SEARCH_QUERY_CHARS }) : status}
          </p>
          <p className="hidden shrink-0 sm:block" aria-hidden="true">
            {t("keys")}
          </p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
