/**
 * The viewer's address: `/projects/{id}/documents/{docId}?page=N&box=x0,y0,x1,y1` (or `&lines=a-b`). A box is four
 * fractions of the page (from its top-left corner); anything else in the address is ignored
 * rather than refused, so an old or hand-edited link still opens the document.
 */
export interface ViewerSearch {
  page: number;
  box?: string;
  /** A cited passage: its first and last line on the page ("12-18"), marked from the page's extracted lines. */
  lines?: string;
}

// Written out rather than as a zod schema: the route table carries it, and with it every first download.
export const ViewerSearch = {
  parse(search: Record<string, unknown>): ViewerSearch {
    const page = Number(search.page);
    const text = (value: unknown, valid: (text: string) => unknown) => (typeof value === "string" && valid(value) ? value : undefined);
    return {
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      box: text(search.box, parseBox),
      lines: text(search.lines, parseLines),
    };
  },
};

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

/** A passage's lines from the address ("12-18", 1-based); undefined when it is not such a range. */
export function parseLines(text: string): [number, number] | undefined {
  const m = /^(\d{1,6})-(\d{1,6})$/.exec(text);
  if (!m) return undefined;
  const [from, to] = [Number(m[1]), Number(m[2])];
  return from >= 1 && to >= from ? [from, to] : undefined;
}

/** The box around some lines of a page: the union of the boxes of those that have one. */
export function linesBox(lines: { box?: readonly number[] }[], [from, to]: [number, number]): Box | undefined {
  const boxes = lines.slice(from - 1, to).flatMap((l) => (l.box ? [l.box] : []));
  if (boxes.length === 0) return undefined;
  return [
    Math.min(...boxes.map((b) => b[0]!)),
    Math.min(...boxes.map((b) => b[1]!)),
    Math.max(...boxes.map((b) => b[2]!)),
    Math.max(...boxes.map((b) => b[3]!)),
  ];
}
