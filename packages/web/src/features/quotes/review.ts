import type { Box } from "@/features/viewer/search";
import type { Quote } from "./model";

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
