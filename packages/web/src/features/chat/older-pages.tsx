import * as React from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";

/** Within this many pixels of the top, the page before the loaded ones is fetched. */
const LOAD_OLDER_MARGIN = 200;

/** A message list loaded from its latest page back: whether more wait above, and how to fetch them. */
export interface OlderPages {
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => unknown;
}

/**
 * Where a paged message list's scroller stays: the newest message (or the waiting
 * indicator) in view, but older pages arriving at the top leave the view where the
 * reader was; scrolling near the top fetches the page before.
 */
/** How close to the bottom a reader must be for a growing answer to keep the view at its end. */
const FOLLOW_MARGIN = 160;

export function useThreadScroll({
  count,
  lastId,
  waiting,
  older,
  tail = 0,
}: {
  count: number;
  lastId?: string;
  waiting: boolean;
  older?: OlderPages;
  /** The length of the answer being written: while it grows, the view follows it unless the reader scrolled up. */
  tail?: number;
}) {
  const scroller = React.useRef<HTMLDivElement>(null);
  const shown = React.useRef<{ lastId?: string; count: number; height: number }>({ count: 0, height: 0 });
  React.useLayoutEffect(() => {
    const el = scroller.current;
    const before = shown.current;
    shown.current = { lastId, count, height: el?.scrollHeight ?? 0 };
    if (!el) return;
    if (lastId === before.lastId && count > before.count) {
      el.scrollTop += el.scrollHeight - before.height;
      return;
    }
    if (count === 0 && !waiting) return;
    // A loaded conversation jumps to its end; a new message glides in.
    const added = count - before.count;
    el.scrollTo({ top: el.scrollHeight, behavior: added > 2 || added < 0 ? "auto" : "smooth" });
  }, [count, lastId, waiting]);

  React.useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || tail === 0) return;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_MARGIN) el.scrollTop = el.scrollHeight;
  }, [tail]);

  const onScroll = () => {
    const el = scroller.current;
    if (el && older?.hasOlder && !older.loadingOlder && el.scrollTop < LOAD_OLDER_MARGIN) void older.loadOlder();
  };
  return { scroller, onScroll };
}

/** The line above a paged list: a button for the page before, or that it is on its way. */
export function OlderMessages({ older }: { older?: OlderPages }) {
  const { t } = useTranslation("chat");
  if (!older?.hasOlder) return null;
  return (
    <div className="flex justify-center text-xs text-muted-foreground" role="status" data-testid="older-messages">
      {older.loadingOlder ? (
        <span className="inline-flex items-center gap-2">
          <Spinner className="size-3.5" /> {t("thread.loadingEarlier")}
        </span>
      ) : (
        <button type="button" className="rounded-md px-2 py-1 hover:bg-accent hover:text-foreground" onClick={() => void older.loadOlder()}>
          {t("thread.showEarlier")}
        </button>
      )}
    </div>
  );
}
