import { z } from "zod";

/**
 * The viewer's address: `/projects/{id}/documents/{docId}?page=N&box=x0,y0,x1,y1`. A box is four
 * fractions of the page (from its top-left corner); anything else in the address is ignored
 * rather than refused, so an old or hand-edited link still opens the document.
 */
export const ViewerSearch = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  box: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => (v && parseBox(v) ? v : undefined)),
});
export type ViewerSearch = z.infer<typeof ViewerSearch>;

export type Box = [number, number, number, number];

/** A box from the address, clamped to the page; undefined when it is not four numbers. */
export function parseBox(text: string): Box | undefined {
  const parts = text.split(",").map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return undefined;
  const [x0, y0, x1, y1] = parts.map((n) => Math.min(1, Math.max(0, n))) as Box;
  return x1 > x0 && y1 > y0 ? [x0, y0, x1, y1] : undefined;
}

/** A box as the address writes it. */
export const boxParam = (box: readonly number[]) => box.map((n) => Math.round(n * 10000) / 10000).join(",");
