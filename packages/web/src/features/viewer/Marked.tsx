import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import type { Box } from "./search";

/** Where a box sits on the page, as shares of it: it holds at any zoom. */
const placed = (box: Box) => ({
  left: `${box[0] * 100}%`,
  top: `${box[1] * 100}%`,
  width: `${(box[2] - box[0]) * 100}%`,
  height: `${(box[3] - box[1]) * 100}%`,
});

/**
 * A page with the box drawn over it, and the places a search found (`matches`, the `active`
 * one stronger): each a share of the page, so it holds at any zoom.
 */
export function Marked({
  box,
  matches = [],
  active,
  width,
  children,
}: {
  box?: Box;
  matches?: Box[];
  active?: Box;
  width: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("documents");
  const mark = useRef<HTMLDivElement>(null);
  const found = useRef<HTMLDivElement>(null);
  // (newer browsers answer scrollIntoView with a promise: it must not be returned as the cleanup)
  useEffect(() => {
    void mark.current?.scrollIntoView({ block: "center", inline: "center" });
  }, [box]);
  useEffect(() => {
    void found.current?.scrollIntoView({ block: "center", inline: "center" });
  }, [active]);
  return (
    <div className="relative mx-auto bg-white shadow-md ring-1 ring-border" style={{ width, maxWidth: "none" }}>
      {children}
      {box && (
        <div
          ref={mark}
          data-testid="viewer-highlight"
          role="img"
          aria-label={t("viewer.highlight")}
          className="pointer-events-none absolute rounded-sm bg-amber-300/35 ring-2 ring-amber-500"
          style={placed(box)}
        />
      )}
      {matches.map((m, i) => (
        <div
          key={i}
          ref={m === active ? found : undefined}
          data-testid="viewer-match"
          data-active={m === active || undefined}
          className={cn(
            "pointer-events-none absolute rounded-sm",
            m === active ? "bg-sky-400/40 ring-2 ring-sky-600" : "bg-sky-300/30 ring-1 ring-sky-500/60",
          )}
          style={placed(m)}
        />
      ))}
    </div>
  );
}
