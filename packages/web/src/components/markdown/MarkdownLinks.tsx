import { i18next } from "@/i18n";
import type * as React from "react";
import { ExternalLink, Image as ImageIcon } from "lucide-react";
import { cn } from "@/lib/utils";
import { markdownImage, markdownLink } from "@/lib/markdown-urls";

/**
 * The one link and image policy of every Markdown renderer (see markdown-urls.ts):
 * links open in a new tab without opener or referrer and name the host they lead
 * to; images from anywhere but our origin are links showing their full URL.
 */

const here = () => window.location.origin;

type AnchorProps = React.AnchorHTMLAttributes<HTMLAnchorElement> & { node?: unknown };
type ImageProps = React.ImgHTMLAttributes<HTMLImageElement> & { node?: unknown };

export function MarkdownAnchor({ node: _n, href, children, className, ...p }: AnchorProps) {
  const link = markdownLink(href, here());
  if (!link) return <span className={className}>{children}</span>;
  // An autolink already shows its URL; any other text could pose as a different site.
  const showHost = link.host && !(typeof children === "string" && children.includes(link.host));
  return (
    <a
      {...p}
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn("font-medium text-primary underline underline-offset-4 hover:opacity-80", className)}
    >
      {children}
      {showHost && <span className="ml-1 text-xs font-normal text-muted-foreground no-underline">({link.host})</span>}
    </a>
  );
}

export function MarkdownImage({ node: _n, src, alt, className }: ImageProps) {
  const image = markdownImage(typeof src === "string" ? src : undefined, here());
  if (image.kind === "inline") {
    return <img src={image.src} alt={alt ?? ""} loading="lazy" className={cn("my-3 max-h-96 rounded-lg border", className)} />;
  }
  if (image.kind === "none") return alt ? <span>{alt}</span> : null;
  return (
    <a
      href={image.href}
      target="_blank"
      rel="noopener noreferrer"
      title={i18next.t("common:externalImage")}
      data-testid="external-image"
      className="inline-flex max-w-full items-start gap-1.5 rounded-md border border-dashed px-2 py-1 align-middle text-xs text-muted-foreground hover:text-foreground"
    >
      <ImageIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {alt ? <span className="font-medium text-foreground">{alt}: </span> : null}
        {image.href}
      </span>
      <ExternalLink className="mt-0.5 size-3 shrink-0" aria-hidden="true" />
    </a>
  );
}
