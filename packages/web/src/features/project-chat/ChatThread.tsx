import * as React from "react";
import { Bot, FileText, SendHorizontal, Square, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "@tanstack/react-router";
import type { LimitRefusal } from "@quorum/core/billing/schema";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { LimitReachedBanner } from "@/features/billing";
import { OlderMessages, useThreadScroll, type OlderPages } from "@/features/chat";
import { formatTimeOfDay } from "@/lib/format";
import { cn } from "@/lib/utils";
import { Markdown, type MarkdownCitations } from "@/components/markdown/Markdown";
import { CitationChip } from "./CitationChip";
import type { ChatMessage, Citation } from "@quorum/core/project-chat/schema";

/**
 * A chat's message list and composer, shared by the project chat section and
 * the all-projects panel: user messages on the right, the assistant's on the
 * left with its sources, hour:minute under each, the newest always in view;
 * earlier pages join at the top as the reader scrolls up.
 */
export function ChatThread({
  messages,
  pending,
  loading,
  onSend,
  empty,
  placeholder,
  compact = false,
  limit,
  onLimitCleared,
  older,
  onStop,
}: {
  messages: ChatMessage[];
  pending: boolean;
  /** Set while this page's answer is being written: Stop replaces Send. */
  onStop?: () => void;
  loading?: boolean;
  /** Without it the thread is read only (a conversation shown from the list). */
  onSend?: (text: string) => Promise<boolean>;
  empty: React.ReactNode;
  placeholder?: string;
  compact?: boolean;
  /** The daily question limit was reached: the server's refusal, with the upgrade offer. */
  limit?: LimitRefusal | null;
  onLimitCleared?: () => void;
  /** The history's pages before the loaded ones. */
  older?: OlderPages;
}) {
  const { t } = useTranslation("projectChat");
  const last = messages.at(-1);
  const { scroller, onScroll } = useThreadScroll({
    count: messages.length,
    lastId: last?.id,
    waiting: pending,
    older,
    tail: last?.state === "streaming" ? last.content.length : 0,
  });

  const navigate = useNavigate();
  // a source opens in the app's viewer at its page, the cited passage marked
  const cite = React.useCallback(
    (c: Citation) =>
      void navigate({
        to: "/projects/$id/documents/$documentId",
        params: { id: c.projectId, documentId: c.documentId },
        search: { page: c.page, ...(c.lineFrom !== undefined && c.lineTo !== undefined ? { lines: `${c.lineFrom}-${c.lineTo}` } : {}) },
      }),
    [navigate],
  );

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={onScroll}
        className={cn(
          "min-h-0 flex-1 overflow-y-auto overflow-x-hidden focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring",
          compact ? "px-3 py-4" : "px-4 py-6 sm:px-6",
        )}
        role="log"
        // Focusable, so the history scrolls from the keyboard even when no message holds a link or button.
        tabIndex={0}
        aria-label={t("chat:thread.messages")}
        aria-live="polite"
      >
        {loading ? (
          <div className="grid gap-4" role="status" aria-label={t("loadingMessages")}>
            <Skeleton className="ml-auto h-10 w-2/3 rounded-2xl" />
            <Skeleton className="h-24 w-4/5 rounded-2xl" />
          </div>
        ) : messages.length === 0 && !pending ? (
          empty
        ) : (
          <div className={cn("grid grid-cols-[minmax(0,1fr)]", compact ? "gap-4" : "gap-6")}>
            <OlderMessages older={older} />
            <ol className={cn("grid grid-cols-[minmax(0,1fr)]", compact ? "gap-4" : "gap-6")}>
              {messages.map((m) => (
                <MessageRow key={m.id} message={m} compact={compact} onCite={cite} />
              ))}
              {pending && last?.type !== "ai" && <Thinking compact={compact} />}
            </ol>
          </div>
        )}
      </div>
      {limit && (
        <div className={compact ? "px-2.5 pb-2" : "px-3 pb-3 sm:px-4"}>
          <LimitReachedBanner refusal={limit} onUpgraded={onLimitCleared} />
        </div>
      )}
      {onSend && <Composer onSend={onSend} onStop={onStop} pending={pending} placeholder={placeholder ?? ""} compact={compact} />}
    </div>
  );
}

function Avatar({ ai, compact }: { ai: boolean; compact: boolean }) {
  const Icon = ai ? Bot : UserRound;
  return (
    <div
      aria-hidden="true"
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full",
        compact ? "size-7" : "size-8",
        ai ? "bg-primary/10 text-primary ring-1 ring-primary/20" : "bg-foreground text-background",
      )}
    >
      <Icon className={compact ? "size-3.5" : "size-4"} />
    </div>
  );
}

function MessageRow({ message, compact, onCite }: { message: ChatMessage; compact: boolean; onCite: (c: Citation) => void }) {
  const { t } = useTranslation("projectChat");
  const ai = message.type === "ai";
  const citations = message.citations ?? [];
  const sources = message.citations;
  const cited = React.useMemo((): MarkdownCitations => {
    const byIndex = new Map((sources ?? []).map((c) => [c.index, c]));
    return {
      sources: [...byIndex.keys()],
      render: (n) => <CitationChip key={n} citation={byIndex.get(n)!} onCite={onCite} />,
    };
  }, [sources, onCite]);
  return (
    <li
      data-testid={ai ? "ai-message" : "user-message"}
      data-state={ai ? (message.state ?? "complete") : undefined}
      className={cn("flex items-start gap-2.5", ai ? "justify-start" : "flex-row-reverse justify-start")}
    >
      <Avatar ai={ai} compact={compact} />
      <div className={cn("flex min-w-0 flex-col gap-1", ai ? "items-start" : "items-end", compact ? "max-w-[88%]" : "max-w-[85%]")}>
        <div
          className={cn(
            "min-w-0 max-w-full rounded-2xl px-3.5 py-2.5 shadow-xs",
            ai ? "rounded-tl-sm border bg-muted/50 text-foreground" : "rounded-tr-sm bg-primary text-primary-foreground",
          )}
        >
          {ai && message.state === "streaming" && !message.content ? (
            <Searching />
          ) : ai ? (
            <div className={cn(message.state === "streaming" && "streaming-caret")}>
              <Markdown density="compact" citations={cited} headingLevel={3}>
                {message.content}
              </Markdown>
            </div>
          ) : (
            <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{message.content}</p>
          )}
        </div>
        {ai && citations.length > 0 && (
          <div className="flex max-w-full flex-wrap gap-1.5" aria-label={t("sources")}>
            {citations.map((c) => (
              <button
                key={c.index}
                type="button"
                onClick={() => onCite(c)}
                title={c.snippet}
                className="group inline-flex max-w-full cursor-pointer items-center gap-1.5 rounded-full border bg-background px-2.5 py-1 text-xs text-muted-foreground shadow-xs transition-colors hover:border-primary/40 hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex size-4 shrink-0 items-center justify-center rounded-full bg-primary/12 text-[10px] font-semibold text-primary">
                  {c.index}
                </span>
                <FileText className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="truncate">
                  {t(c.projectName ? "citation.chipWithProject" : "citation.chip", {
                    project: c.projectName,
                    file: c.fileName,
                    page: c.page,
                  })}
                </span>
              </button>
            ))}
          </div>
        )}
        {message.state === "stopped" && <p className="px-1 text-xs text-muted-foreground">{t("stopped")}</p>}
        {message.state === "error" && (
          <p className="px-1 text-xs text-destructive" role="alert">
            {message.error}
          </p>
        )}
        <time className="px-1 text-[11px] tabular-nums text-muted-foreground" dateTime={message.timestamp ?? undefined}>
          {formatTimeOfDay(message.timestamp)}
        </time>
      </div>
    </li>
  );
}

function Searching() {
  const { t } = useTranslation("projectChat");
  return (
    <span className="flex items-center gap-2 py-0.5 text-sm text-muted-foreground">
      <span className="flex gap-1" aria-hidden="true">
        {[0, 150, 300].map((delay) => (
          <span key={delay} className="size-1.5 animate-bounce rounded-full bg-primary/70" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </span>
      {t("searching")}
    </span>
  );
}

function Thinking({ compact }: { compact: boolean }) {
  const { t } = useTranslation("projectChat");
  return (
    <li className="flex items-start gap-2.5" aria-label={t("waiting")}>
      <Avatar ai compact={compact} />
      <div className="rounded-2xl rounded-tl-sm border bg-muted/50 px-3.5 py-2.5">
        <Searching />
      </div>
    </li>
  );
}

function Composer({
  onSend,
  onStop,
  pending,
  placeholder,
  compact,
}: {
  onSend: (text: string) => Promise<boolean>;
  onStop?: () => void;
  pending: boolean;
  placeholder: string;
  compact: boolean;
}) {
  const { t } = useTranslation("projectChat");
  const [text, setText] = React.useState("");
  const area = React.useRef<HTMLTextAreaElement>(null);
  const blank = text.trim() === "";

  React.useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, 160)}px`;
  }, [text]);

  const send = () => {
    if (blank || pending) return;
    const value = text;
    setText("");
    void onSend(value);
  };

  return (
    <form
      className={cn("border-t bg-card/60", compact ? "p-2.5" : "p-3 sm:p-4")}
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <div className="flex items-end gap-2 rounded-xl border bg-background p-1.5 pl-3 shadow-xs transition-shadow focus-within:border-primary/50 focus-within:ring-2 focus-within:ring-ring/20">
        <textarea
          ref={area}
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends; Shift+Enter is a new line (and Enter while composing text in an IME is not a send).
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          placeholder={placeholder}
          aria-label={t("chat:composer.message")}
          className="max-h-40 min-h-9 flex-1 resize-none bg-transparent py-2 text-sm leading-5 placeholder:text-muted-foreground focus:outline-none"
        />
        {pending && onStop ? (
          <Button
            type="button"
            size="icon"
            variant="outline"
            onClick={onStop}
            aria-label={t("chat:composer.stop")}
            title={t("chat:composer.stop")}
            className="size-9 shrink-0 rounded-lg"
          >
            <Square className="size-3.5 fill-current" />
          </Button>
        ) : (
          <Button type="submit" size="icon" disabled={blank || pending} aria-label={t("send")} className="size-9 shrink-0 rounded-lg">
            <SendHorizontal />
          </Button>
        )}
      </div>
      {!compact && <p className="mt-1.5 px-1 text-[11px] text-muted-foreground">{t("keys")}</p>}
    </form>
  );
}
