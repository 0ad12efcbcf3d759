import type { Box } from "@/features/viewer/search";
import type { QuoteField } from "@quorum/core/quote/schema";
import type { Quote } from "./model";
import { MONEY_FIELDS, TEXT_FIELDS } from "./quote-form";

/** A page of the quote's document, and the place on it to mark when known. */
export interface ShownPlace {
  page: number;
  box?: Box;
}

/**
 * Where the value named by a `data-source` attribute is printed: "field:total" for a field,
 * "line:3" for a line item; null when the quote does not know.
 */
export function placeOf(quote: Quote, source: string): ShownPlace | null {
  const [kind, key] = source.split(":");
  if (kind === "field") {
    const place = quote.sources[key as keyof Quote["sources"]];
    return place?.page ? { page: place.page, box: place.box } : null;
  }
  const line = kind === "line" ? quote.lineItems[Number(key)] : undefined;
  const page = line?.source?.page ?? line?.page;
  return page ? { page, box: line?.source?.box } : null;
}

/** What the page shows first: the first field to check that has a place, else the total, else page 1. */
export function firstPlace(quote: Quote): ShownPlace {
  for (const field of [...quote.check, "total"]) {
    const place = placeOf(quote, `field:${field}`);
    if (place) return place;
  }
  return { page: 1 };
}

/** The keys of the review flow, and what each does. */
const REVIEW_KEYS = { n: "nextField", a: "accept", c: "correct", q: "nextQuote" } as const;
export type ReviewAction = (typeof REVIEW_KEYS)[keyof typeof REVIEW_KEYS];
/** Each action's key as shown and as `aria-keyshortcuts` names it. */
export const KEY_OF = Object.fromEntries(Object.entries(REVIEW_KEYS).map(([key, action]) => [action, key.toUpperCase()])) as Record<
  ReviewAction,
  string
>;

interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

/** Where a letter is text being typed, not a command. */
const TYPING = "input, textarea, select, [contenteditable=''], [contenteditable='true']";

/** The review action a key press asks for: none while typing, with a modifier held, or for any other key. */
export function reviewAction(event: KeyPress): ReviewAction | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  const target = event.target as Partial<Pick<Element, "closest">> | null;
  if (target?.closest?.(TYPING)) return null;
  return REVIEW_KEYS[event.key.toLowerCase() as keyof typeof REVIEW_KEYS] ?? null;
}

/** The fields in the order the quote shows them: the header's, then the totals. */
const SHOWN_ORDER: readonly QuoteField[] = [...TEXT_FIELDS.map((f) => f.key), ...MONEY_FIELDS];

/**
 * The field to check after `current`, in the order the quote shows them, from the top again after
 * the last; the first one when nothing (or a field no longer to check) is current.
 */
export function nextCheck(check: readonly QuoteField[], current: QuoteField | null): QuoteField | null {
  const ordered = SHOWN_ORDER.filter((f) => check.includes(f));
  if (ordered.length === 0) return null;
  const from = current ? SHOWN_ORDER.indexOf(current) : -1;
  return ordered.find((f) => SHOWN_ORDER.indexOf(f) > from) ?? ordered[0]!;
}

/** The next quote needing review after the open one, in the table's order and from the top again; null when no other does. */
export function nextToReview(quotes: readonly Pick<Quote, "id" | "status">[], openId: number): number | null {
  const at = quotes.findIndex((q) => q.id === openId);
  const after = [...quotes.slice(at + 1), ...quotes.slice(0, Math.max(at, 0))];
  return after.find((q) => q.id !== openId && q.status === "needs_review")?.id ?? null;
}
