import * as React from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { Check, Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { MarkdownAnchor, MarkdownImage } from "@/components/markdown/MarkdownLinks";

/**
 * An AI answer as Markdown (GFM: tables, task lists, strikethrough). Styled here
 * element by element rather than with a typography plugin, so light and dark
 * both read well and nothing in the answer can inject raw HTML; links and
 * images follow the shared policy, so an answer cannot make the browser fetch a
 * foreign URL.
 */

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation("chat");
  const [copied, setCopied] = React.useState(false);
  return (
    <button
      type="button"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        });
      }}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs text-zinc-400 transition-colors hover:bg-white/10 hover:text-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      aria-label={t(copied ? "markdown.copied" : "markdown.copyCode")}
    >
      {copied ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
      {t(copied ? "markdown.copied" : "markdown.copy")}
    </button>
  );
}

function textOf(node: React.ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (React.isValidElement<{ children?: React.ReactNode }>(node)) return textOf(node.props.children);
  return "";
}

const components: Components = {
  h1: ({ node: _n, className, ...p }) => (
    <h3 className={cn("mb-2 mt-5 text-lg font-semibold tracking-tight first:mt-0", className)} {...p} />
  ),
  h2: ({ node: _n, className, ...p }) => (
    <h4 className={cn("mb-2 mt-5 text-base font-semibold tracking-tight first:mt-0", className)} {...p} />
  ),
  h3: ({ node: _n, className, ...p }) => <h5 className={cn("mb-1.5 mt-4 font-semibold first:mt-0", className)} {...p} />,
  h4: ({ node: _n, className, ...p }) => <h6 className={cn("mb-1.5 mt-4 font-semibold first:mt-0", className)} {...p} />,
  p: ({ node: _n, className, ...p }) => <p className={cn("my-3 leading-7 first:mt-0 last:mb-0", className)} {...p} />,
  a: MarkdownAnchor,
  ul: ({ node: _n, className, ...p }) => (
    <ul
      className={cn("my-3 ml-5 list-disc space-y-1.5 marker:text-muted-foreground first:mt-0 last:mb-0 [&_ul]:my-1.5", className)}
      {...p}
    />
  ),
  ol: ({ node: _n, className, ...p }) => (
    <ol
      className={cn("my-3 ml-5 list-decimal space-y-1.5 marker:text-muted-foreground first:mt-0 last:mb-0 [&_ol]:my-1.5", className)}
      {...p}
    />
  ),
  li: ({ node: _n, className, ...p }) => <li className={cn("pl-1 leading-7 [&>p]:my-1", className)} {...p} />,
  blockquote: ({ node: _n, className, ...p }) => (
    <blockquote className={cn("my-3 border-l-2 border-primary/40 pl-4 text-muted-foreground italic", className)} {...p} />
  ),
  hr: ({ node: _n, ...p }) => <hr className="my-5 border-border" {...p} />,
  strong: ({ node: _n, className, ...p }) => <strong className={cn("font-semibold text-foreground", className)} {...p} />,
  table: ({ node: _n, className, ...p }) => (
    <div className="my-4 w-full overflow-x-auto rounded-lg border first:mt-0 last:mb-0">
      <table className={cn("w-full border-collapse text-sm", className)} {...p} />
    </div>
  ),
  thead: ({ node: _n, className, ...p }) => <thead className={cn("bg-muted/70", className)} {...p} />,
  tr: ({ node: _n, className, ...p }) => <tr className={cn("border-b last:border-b-0 even:bg-muted/30", className)} {...p} />,
  th: ({ node: _n, className, style, ...p }) => (
    <th style={style} className={cn("px-3 py-2 text-left font-semibold whitespace-nowrap", className)} {...p} />
  ),
  td: ({ node: _n, className, style, ...p }) => <td style={style} className={cn("px-3 py-2 align-top", className)} {...p} />,
  pre: ({ node: _n, children }) => {
    const child = React.Children.toArray(children)[0];
    const codeClass = React.isValidElement<{ className?: string }>(child) ? (child.props.className ?? "") : "";
    const language = /language-([\w+#-]+)/.exec(codeClass)?.[1];
    const text = textOf(children).replace(/\n$/, "");
    return (
      <div className="group/code my-4 overflow-hidden rounded-lg border border-zinc-800 bg-zinc-950 first:mt-0 last:mb-0 dark:border-zinc-700/60">
        <div className="flex items-center justify-between border-b border-zinc-800 bg-zinc-900/80 py-1 pl-3 pr-1.5 dark:border-zinc-700/60">
          <span className="font-mono text-xs text-zinc-400">{language ?? "code"}</span>
          <CopyButton text={text} />
        </div>
        <pre className="overflow-x-auto p-4 text-[13px] leading-6 text-zinc-100">{children}</pre>
      </div>
    );
  },
  code: ({ node: _n, className, children, ...p }) => {
    // Fenced blocks carry a language class or span lines; both are styled by `pre` above.
    const block = /language-/.test(className ?? "") || String(children).includes("\n");
    if (block) {
      return (
        <code className={cn("font-mono", className)} {...p}>
          {children}
        </code>
      );
    }
    return (
      <code className="rounded-md border bg-muted px-1.5 py-0.5 font-mono text-[0.85em] text-foreground" {...p}>
        {children}
      </code>
    );
  },
  img: MarkdownImage,
  input: ({ node: _n, ...p }) => <input {...p} disabled className="mr-1.5 translate-y-px accent-primary" />,
};

export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cn("min-w-0 break-words text-[15px] text-foreground", className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
