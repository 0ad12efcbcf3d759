import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { MarkdownAnchor, MarkdownImage } from "@/components/markdown/MarkdownLinks";
import type { Citation } from "@quorum/core/project-chat/schema";
import { linkCitations } from "./model";

/**
 * An answer as Markdown (no raw HTML), with its "[n]" markers as small citation
 * buttons that open the cited document at its page; other links and images
 * follow the shared policy (no foreign image is ever fetched).
 */
export function ChatMarkdown({ text, citations, onCite }: { text: string; citations: Citation[]; onCite: (citation: Citation) => void }) {
  const { t } = useTranslation("projectChat");
  const byIndex = new Map(citations.map((c) => [c.index, c]));
  const components: Components = {
    p: ({ node: _n, className, ...p }) => <p className={cn("my-2.5 leading-relaxed first:mt-0 last:mb-0", className)} {...p} />,
    ul: ({ node: _n, className, ...p }) => (
      <ul className={cn("my-2.5 ml-5 list-disc space-y-1 marker:text-muted-foreground", className)} {...p} />
    ),
    ol: ({ node: _n, className, ...p }) => (
      <ol className={cn("my-2.5 ml-5 list-decimal space-y-1 marker:text-muted-foreground", className)} {...p} />
    ),
    li: ({ node: _n, className, ...p }) => <li className={cn("pl-1 leading-relaxed [&>p]:my-1", className)} {...p} />,
    strong: ({ node: _n, className, ...p }) => <strong className={cn("font-semibold text-foreground", className)} {...p} />,
    blockquote: ({ node: _n, className, ...p }) => (
      <blockquote
        className={cn(
          "my-2 rounded-r-md border-l-2 border-primary/50 bg-background/70 py-2 pl-3 pr-2 text-[13px] leading-5 text-foreground/85 [&>p]:my-0 [&>p]:whitespace-pre-line",
          className,
        )}
        {...p}
      />
    ),
    code: ({ node: _n, className, ...p }) => (
      <code className={cn("rounded border bg-background px-1 py-0.5 font-mono text-[0.85em]", className)} {...p} />
    ),
    pre: ({ node: _n, className, ...p }) => (
      <pre
        className={cn("my-2.5 overflow-x-auto rounded-lg border bg-background p-3 text-[13px] [&_code]:border-0 [&_code]:p-0", className)}
        {...p}
      />
    ),
    table: ({ node: _n, className, ...p }) => (
      <div className="my-3 w-full overflow-x-auto rounded-lg border bg-background">
        <table className={cn("w-full border-collapse text-sm", className)} {...p} />
      </div>
    ),
    th: ({ node: _n, className, style, ...p }) => (
      <th style={style} className={cn("border-b px-2.5 py-1.5 text-left font-semibold", className)} {...p} />
    ),
    td: ({ node: _n, className, style, ...p }) => <td style={style} className={cn("border-b px-2.5 py-1.5 align-top", className)} {...p} />,
    a: ({ node: _n, href, children, className, ...p }) => {
      const cited = /^#cite-(\d+)$/.exec(href ?? "");
      const citation = cited ? byIndex.get(Number(cited[1])) : undefined;
      if (citation) {
        return (
          <button
            type="button"
            onClick={() => onCite(citation)}
            title={t("citation.title", { file: citation.fileName, page: citation.page })}
            aria-label={t("citation.label", { index: citation.index, file: citation.fileName, page: citation.page })}
            className="mx-0.5 inline-flex h-[1.15rem] min-w-[1.15rem] -translate-y-px cursor-pointer items-center justify-center rounded-md bg-primary/12 px-1 align-middle text-[11px] font-semibold text-primary transition-colors hover:bg-primary hover:text-primary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {citation.index}
          </button>
        );
      }
      return (
        <MarkdownAnchor href={href} className={className} {...p}>
          {children}
        </MarkdownAnchor>
      );
    },
    img: MarkdownImage,
  };
  return (
    <div className="min-w-0 text-sm [overflow-wrap:anywhere]">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {linkCitations(text, citations)}
      </ReactMarkdown>
    </div>
  );
}
