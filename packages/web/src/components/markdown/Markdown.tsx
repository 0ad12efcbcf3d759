import * as React from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { Check, Copy } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { citedNumber, linkCitations } from "./citation-links";
import { MarkdownAnchor, MarkdownImage } from "./MarkdownLinks";

/**
 * The one renderer of answers as Markdown (GFM: tables, task lists, strikethrough),
 * in the general chat and the project chats. react-markdown renders no raw HTML, and
 * links and images follow the shared policy (MarkdownLinks), so an answer can neither
 * inject markup nor make the browser fetch a foreign URL. Styled element by element
 * rather than with a typography plugin, so light and dark both read well; `compact`
 * is the smaller type of the project chats' bubbles.
 */

export type MarkdownDensity = "comfortable" | "compact";

/** Source markers ("[1]") an answer may cite, and what each becomes; markers of other numbers stay text. */
export interface MarkdownCitations {
  sources: readonly number[];
  render: (n: number) => React.ReactNode;
}

/** The classes that differ between the two densities. */
const LOOK = {
  comfortable: {
    root: "text-[15px] text-foreground break-words",
    p: "my-3 leading-7 first:mt-0 last:mb-0",
    ul: "my-3 ml-5 list-disc space-y-1.5 marker:text-muted-foreground first:mt-0 last:mb-0 [&_ul]:my-1.5",
    ol: "my-3 ml-5 list-decimal space-y-1.5 marker:text-muted-foreground first:mt-0 last:mb-0 [&_ol]:my-1.5",
    li: "pl-1 leading-7 [&>p]:my-1",
    blockquote: "my-3 border-l-2 border-primary/40 pl-4 text-muted-foreground italic",
    table: "my-4 w-full overflow-x-auto rounded-lg border first:mt-0 last:mb-0",
    thead: "bg-muted/70",
    tr: "border-b last:border-b-0 even:bg-muted/30",
    th: "px-3 py-2 text-left font-semibold whitespace-nowrap",
    td: "px-3 py-2 align-top",
  },
  compact: {
    root: "text-sm [overflow-wrap:anywhere]",
    p: "my-2.5 leading-relaxed first:mt-0 last:mb-0",
    ul: "my-2.5 ml-5 list-disc space-y-1 marker:text-muted-foreground",
    ol: "my-2.5 ml-5 list-decimal space-y-1 marker:text-muted-foreground",
    li: "pl-1 leading-relaxed [&>p]:my-1",
    blockquote:
      "my-2 rounded-r-md border-l-2 border-primary/50 bg-background/70 py-2 pl-3 pr-2 text-[13px] leading-5 text-foreground/85 [&>p]:my-0 [&>p]:whitespace-pre-line",
    table: "my-3 w-full overflow-x-auto rounded-lg border bg-background",
    thead: "",
    tr: "",
    th: "border-b px-2.5 py-1.5 text-left font-semibold",
    td: "border-b px-2.5 py-1.5 align-top",
  },
} satisfies Record<MarkdownDensity, Record<string, string>>;

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

/** A fenced block with its language and a copy button (the roomy look). */
const CodeBlock: Components["pre"] = ({ node: _n, children }) => {
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
      {/* Focusable: a block wider than the answer scrolls, by keyboard too. */}
      <pre tabIndex={0} className="overflow-x-auto p-4 text-[13px] leading-6 text-zinc-100">
        {children}
      </pre>
    </div>
  );
};

const Code: Components["code"] = ({ node: _n, className, children, ...p }) => {
  // Fenced blocks carry a language class or span lines; both are styled by CodeBlock.
  const block = /language-/.test(className ?? "") || String(children).includes("\n");
  return (
    <code
      className={block ? cn("font-mono", className) : "rounded-md border bg-muted px-1.5 py-0.5 font-mono text-[0.85em] text-foreground"}
      {...p}
    >
      {children}
    </code>
  );
};

const compactCode: Pick<Components, "code" | "pre"> = {
  code: ({ node: _n, className, ...p }) => (
    <code className={cn("rounded border bg-background px-1 py-0.5 font-mono text-[0.85em]", className)} {...p} />
  ),
  pre: ({ node: _n, className, ...p }) => (
    <pre
      tabIndex={0}
      className={cn("my-2.5 overflow-x-auto rounded-lg border bg-background p-3 text-[13px] [&_code]:border-0 [&_code]:p-0", className)}
      {...p}
    />
  ),
};

/** A heading of the answer at a level that continues the page's outline (the look comes from the Markdown level). */
function Heading({ level, ...p }: React.HTMLAttributes<HTMLHeadingElement> & { level: number }) {
  const Tag = `h${Math.min(level, 6)}` as "h2";
  return <Tag {...p} />;
}

function componentsFor(density: MarkdownDensity, citations: MarkdownCitations | undefined, headingLevel: number): Components {
  const look = LOOK[density];
  return {
    h1: ({ node: _n, className, ...p }) => (
      <Heading level={headingLevel} className={cn("mb-2 mt-5 text-lg font-semibold tracking-tight first:mt-0", className)} {...p} />
    ),
    h2: ({ node: _n, className, ...p }) => (
      <Heading level={headingLevel} className={cn("mb-2 mt-5 text-base font-semibold tracking-tight first:mt-0", className)} {...p} />
    ),
    h3: ({ node: _n, className, ...p }) => (
      <Heading level={headingLevel + 1} className={cn("mb-1.5 mt-4 font-semibold first:mt-0", className)} {...p} />
    ),
    h4: ({ node: _n, className, ...p }) => (
      <Heading level={headingLevel + 2} className={cn("mb-1.5 mt-4 font-semibold first:mt-0", className)} {...p} />
    ),
    p: ({ node: _n, className, ...p }) => <p className={cn(look.p, className)} {...p} />,
    ul: ({ node: _n, className, ...p }) => <ul className={cn(look.ul, className)} {...p} />,
    ol: ({ node: _n, className, ...p }) => <ol className={cn(look.ol, className)} {...p} />,
    li: ({ node: _n, className, ...p }) => <li className={cn(look.li, className)} {...p} />,
    blockquote: ({ node: _n, className, ...p }) => <blockquote className={cn(look.blockquote, className)} {...p} />,
    hr: ({ node: _n, ...p }) => <hr className="my-5 border-border" {...p} />,
    strong: ({ node: _n, className, ...p }) => <strong className={cn("font-semibold text-foreground", className)} {...p} />,
    table: ({ node: _n, className, ...p }) => (
      <div className={look.table}>
        <table className={cn("w-full border-collapse text-sm", className)} {...p} />
      </div>
    ),
    thead: ({ node: _n, className, ...p }) => <thead className={cn(look.thead, className) || undefined} {...p} />,
    tr: ({ node: _n, className, ...p }) => <tr className={cn(look.tr, className) || undefined} {...p} />,
    th: ({ node: _n, className, style, ...p }) => <th style={style} className={cn(look.th, className)} {...p} />,
    td: ({ node: _n, className, style, ...p }) => <td style={style} className={cn(look.td, className)} {...p} />,
    ...(density === "compact" ? compactCode : { pre: CodeBlock, code: Code }),
    a: ({ node: _n, href, ...p }) => {
      const cited = citedNumber(href);
      if (citations && cited !== undefined) return citations.render(cited);
      return <MarkdownAnchor href={href} {...p} />;
    },
    img: MarkdownImage,
    input: ({ node: _n, ...p }) => <input {...p} disabled className="mr-1.5 translate-y-px accent-primary" />,
  };
}

export function Markdown({
  children,
  density = "comfortable",
  citations,
  headingLevel = 2,
  className,
}: {
  children: string;
  density?: MarkdownDensity;
  citations?: MarkdownCitations;
  /** The level the answer's top headings take: one below the heading the answer sits under. */
  headingLevel?: number;
  className?: string;
}) {
  const components = React.useMemo(() => componentsFor(density, citations, headingLevel), [density, citations, headingLevel]);
  return (
    <div className={cn("min-w-0", LOOK[density].root, className)}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {citations ? linkCitations(children, citations.sources) : children}
      </ReactMarkdown>
    </div>
  );
}
