/**
 * Where a link or image in rendered Markdown may point. Answers quote documents
 * and model output, so their URLs are chosen by whoever wrote those: an image is
 * fetched the moment it renders (with whatever the URL carries), so only our own
 * origin's images load; any other becomes a link the reader must choose to open.
 * react-markdown has already emptied URLs with unsafe schemes (javascript:, data:...).
 */

export type MarkdownImage =
  /** Same origin: safe to load. */
  | { kind: "inline"; src: string }
  /** Another origin: shown as a link with its full URL, never fetched on render. */
  | { kind: "link"; href: string }
  /** No usable URL: only the alt text is shown. */
  | { kind: "none" };

export interface MarkdownLink {
  href: string;
  /** The host a reader should see before following a link off our site; null for our own pages and mailto: etc. */
  host: string | null;
}

function parse(url: string | undefined | null, origin: string): URL | null {
  if (!url) return null;
  try {
    return new URL(url, origin);
  } catch {
    return null;
  }
}

export function markdownImage(src: string | undefined | null, origin: string): MarkdownImage {
  const url = parse(src, origin);
  if (!url) return { kind: "none" };
  if (url.origin === new URL(origin).origin) return { kind: "inline", src: url.href };
  if (url.protocol === "http:" || url.protocol === "https:") return { kind: "link", href: url.href };
  return { kind: "none" };
}

export function markdownLink(href: string | undefined | null, origin: string): MarkdownLink | null {
  const url = parse(href, origin);
  if (!url) return null;
  const foreign = (url.protocol === "http:" || url.protocol === "https:") && url.origin !== new URL(origin).origin;
  // Keep in-page anchors ("#cite-1") as written: the renderers resolve them themselves.
  return { href: href!.startsWith("#") ? href! : url.href, host: foreign ? url.host : null };
}
