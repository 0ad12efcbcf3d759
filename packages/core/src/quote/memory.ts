import { Actor } from "../actor";
import { fn } from "../fn";
import { issuerKeys, keyKind, KEY_STRENGTH } from "./issuer";
import { KINDS, matcher, placeQuote, type Hints } from "./locate";
import { QuoteMemoryEntity, type QuoteMemoryItem } from "./memory-entity";
import { moneyTokens } from "./numbers";
import { findDates } from "./rules/dates";
import { cellsUnder, findLabels, near, previousRow } from "./rules/fields";
import { readId } from "./rules/number";
import { parties } from "./rules/parties";
import { clean, escapeRegExp, fold, readDoc, type Doc, type Row, type TextPage } from "./rules/text";
import { ForgetInput, QUOTE_FIELDS, type Learned, type PlacedQuote, type QuoteField } from "./schema";

/**
 * Learning from corrections. When a person corrects a field, what identifies the right value on
 * that document (the label it follows, and where) is remembered for that person and that issuer;
 * the issuer's next document is read with the lesson first. Lessons are per user: another
 * account's documents never learn from them.
 */

/** The fields a lesson can teach (payment terms are free text: no label finds them reliably). */
const LEARNABLE: readonly QuoteField[] = QUOTE_FIELDS.filter((f) => f !== "paymentTerms");
/** Fields whose right value is the same on every document of an issuer: remembered as the value itself. */
const CONSTANT: readonly QuoteField[] = ["vendorName", "currency"];
/** A label is at most this long (the end of a longer text before the value). */
const MAX_LABEL_CHARS = 40;
/** How sure a value read by a lesson is: a person showed where it is. */
export const LEARNED_CONFIDENCE = 0.9;

interface Lesson {
  how: Learned["how"];
  /** As printed ("Gesamtsumme"). */
  label?: string;
  value?: string;
  y?: number;
}

const letters = (s: string) => /\p{L}{2}/u.test(s);
const labelOf = (text: string) => {
  const label = text.replace(/[\s:#.\-–—=|/()]+$/u, "").trim();
  return letters(label) ? label.slice(-MAX_LABEL_CHARS).trim() : undefined;
};
const yOf = (row: Row, doc: Doc) => {
  const height = doc.pages.find((p) => p.page === row.page)?.height;
  return height && row.y0 !== undefined ? row.y0 / height : undefined;
};

/** Day-first or month-first: how the document writes the date the person gave. */
function dateOrderOf(text: string, iso: string): "dmy" | "mdy" | undefined {
  if (findDates(text, "dmy").some((d) => d.iso === iso)) return "dmy";
  if (findDates(text, "mdy").some((d) => d.iso === iso)) return "mdy";
  return undefined;
}

/** What identifies `value` of `field` on this document: the label it follows, and where. */
export function lessonFor(doc: Doc, field: QuoteField, value: string | number): Lesson | null {
  if (CONSTANT.includes(field)) return { how: "value", value: String(value) };
  const match = matcher(value, KINDS[field], doc.style);
  const lessons: Lesson[] = [];
  for (const row of doc.rows) {
    row.cells.forEach((cell, c) => {
      const span = match(cell.text);
      if (!span) return;
      const base = { y: yOf(row, doc), ...(KINDS[field] === "date" ? { value: dateOrderOf(cell.text, String(value)) } : {}) };
      const inline = labelOf(cell.text.slice(0, span[0]));
      if (inline) return lessons.push({ how: "inline", label: inline, ...base });
      const left = row.cells.slice(0, c).findLast((x) => x.text.trim() !== "");
      const right = left && moneyTokens(left.text, doc.style).length === 0 ? labelOf(left.text) : undefined;
      if (right) return lessons.push({ how: "right", label: right, ...base });
      const above = previousRow(doc, row);
      const over = above?.cells.findIndex((_, i) => cellsUnder(above, i, row).includes(c));
      const below = above && over !== undefined && over >= 0 ? labelOf(above.cells[over]!.text) : undefined;
      if (below) lessons.push({ how: above!.cells.filter((x) => x.text).length === 1 ? "next" : "below", label: below, ...base });
    });
  }
  // amounts repeat (an item's amount, a tax base): the total's label comes last on the page
  return (KINDS[field] === "money" ? lessons.at(-1) : lessons[0]) ?? null;
}

/** The value a lesson finds on a document, and the row it is on. */
export function applyLesson(doc: Doc, field: QuoteField, lesson: Lesson): { value: string | number; row?: Row } | null {
  if (lesson.how === "value") return lesson.value ? { value: lesson.value } : null;
  if (!lesson.label) return null;
  // labels are kept as printed and matched like every label, without case or accents
  const escaped = escapeRegExp(fold(lesson.label));
  const found: { value: string | number; row: Row }[] = [];
  for (const hit of findLabels(doc, new RegExp(escaped, "u"))) {
    const candidates = near(doc, hit.row, hit.cell, hit.end).filter(
      (c) => c.how === lesson.how || (lesson.how === "next" && c.how === "below"),
    );
    for (const candidate of candidates) {
      const value = read(doc, field, candidate.text, lesson);
      if (value !== null) {
        found.push({ value, row: candidate.row });
        break;
      }
    }
  }
  if (found.length === 0) return null;
  // several labels: the one printed nearest to where the lesson's value was
  const at = (f: { row: Row }) => Math.abs((yOf(f.row, doc) ?? 0) - (lesson.y ?? 0));
  return lesson.y === undefined ? (KINDS[field] === "money" ? found.at(-1)! : found[0]!) : found.sort((a, b) => at(a) - at(b))[0]!;
}

function read(doc: Doc, field: QuoteField, text: string, lesson: Lesson): string | number | null {
  switch (KINDS[field]) {
    case "money":
      return moneyTokens(text, doc.style)[0]?.value ?? null;
    case "date":
      return findDates(text, lesson.value === "mdy" ? "mdy" : "dmy")[0]?.iso ?? null;
    default:
      return field === "quoteNumber" ? readId(text) : clean(text).slice(0, 200) || null;
  }
}

const toLearned = (m: QuoteMemoryItem, role: Learned["role"]): Learned => ({
  key: m.key,
  field: m.field as QuoteField,
  how: m.how,
  label: m.label ?? null,
  value: m.how === "value" ? (m.value ?? null) : null,
  role,
});

/** The issuer keys of a document and the rows of its customer block, read once. */
function issuerOf(pages: TextPage[], vendorName: string | null) {
  const doc = readDoc(pages);
  return { doc, keys: issuerKeys(doc, vendorName, parties(doc).customerRows) };
}

export namespace QuoteMemory {
  /**
   * Remembers, for the corrected fields of one document, what identifies their values, under
   * every key of the document's issuer. Answers the lessons, to show on the quote.
   */
  export async function learn(input: {
    userId: string;
    documentId: number;
    pages: TextPage[];
    quote: Pick<PlacedQuote, QuoteField>;
    fields: readonly string[];
  }): Promise<Learned[]> {
    const { doc, keys } = issuerOf(input.pages, input.quote.vendorName);
    const records: QuoteMemoryItem[] = [];
    for (const field of LEARNABLE) {
      const value = input.quote[field];
      if (!input.fields.includes(field) || value === null) continue;
      const lesson = lessonFor(doc, field, value);
      if (!lesson) continue;
      // a remembered name or currency is filed only under what identifies the issuer for sure
      const filed = CONSTANT.includes(field) ? keys.filter((k) => KEY_STRENGTH[keyKind(k)] > KEY_STRENGTH.name) : keys;
      const now = new Date().toISOString();
      for (const key of filed)
        records.push({
          userId: input.userId,
          key,
          field,
          memoryId: `${input.documentId}:${field}`,
          how: lesson.how,
          ...(lesson.label ? { label: lesson.label } : {}),
          ...(lesson.value ? { value: lesson.value } : {}),
          ...(lesson.y !== undefined ? { y: Math.round(lesson.y * 1000) / 1000 } : {}),
          ...(input.quote.vendorName ? { issuer: input.quote.vendorName.slice(0, 200) } : {}),
          documentId: input.documentId,
          createdAt: now,
          updatedAt: now,
        });
    }
    if (records.length > 0) await QuoteMemoryEntity.put(records).go();
    const seen = new Set<string>();
    return records.filter((r) => !seen.has(r.field) && seen.add(r.field)).map((r) => toLearned(r, "taught"));
  }

  /**
   * Reads a document's quote with the user's lessons for its issuer first: a field a lesson
   * finds takes the lesson's value, placed on the page like any other.
   */
  export async function recall(userId: string, pages: TextPage[], quote: PlacedQuote): Promise<{ quote: PlacedQuote; learned: Learned[] }> {
    const { doc, keys } = issuerOf(pages, quote.vendorName);
    // a name is a weak key: when the document prints a tax number, IBAN or domain, only those decide
    const strong = keys.filter((k) => KEY_STRENGTH[keyKind(k)] > KEY_STRENGTH.name);
    const lookup = strong.length > 0 ? strong : keys;
    const lessons = new Map<QuoteField, QuoteMemoryItem>();
    for (const key of lookup) {
      const items = (await QuoteMemoryEntity.query.primary({ userId, key }).go()).data;
      for (const item of items) if (!lessons.has(item.field as QuoteField)) lessons.set(item.field as QuoteField, item);
      if (lessons.size === LEARNABLE.length) break;
    }
    if (lessons.size === 0) return { quote, learned: [] };
    const next: PlacedQuote = { ...quote, sources: { ...quote.sources } };
    const hints: Hints = {};
    const learned: Learned[] = [];
    for (const [field, item] of lessons) {
      const found = applyLesson(doc, field, { how: item.how, label: item.label, value: item.value, y: item.y });
      if (!found) continue;
      (next as Record<QuoteField, unknown>)[field] = found.value;
      next.sources[field] = { page: found.row?.page ?? quote.sources[field]?.page ?? null, confidence: LEARNED_CONFIDENCE };
      if (found.row) hints[field] = { page: found.row.page, line: found.row.line };
      learned.push(toLearned(item, "applied"));
    }
    return { quote: learned.length > 0 ? placeQuote(next, pages, hints) : quote, learned };
  }

  /** Which of these lessons the user still remembers (one batch read). */
  export async function remembered(userId: string, lessons: Learned[]): Promise<Learned[]> {
    if (lessons.length === 0) return [];
    const keys = [...new Map(lessons.map((l) => [`${l.key}|${l.field}`, { userId, key: l.key, field: l.field }])).values()];
    const { data } = await QuoteMemoryEntity.get(keys).go();
    const kept = new Set(data.map((m) => `${m.key}|${m.field}`));
    return lessons.filter((l) => kept.has(`${l.key}|${l.field}`));
  }

  /** Forgets one of the caller's lessons under every issuer key it was filed under. */
  export const forget = fn(ForgetInput, async ({ key, field }) => {
    const userId = Actor.userId();
    const one = (await QuoteMemoryEntity.get({ userId, key, field }).go()).data;
    if (!one) return;
    // the lesson's other keys: the records learned from the same correction
    const all = (
      await QuoteMemoryEntity.query
        .primary({ userId })
        .where((a, o) => o.eq(a.memoryId, one.memoryId))
        .go({ pages: "all" })
    ).data;
    const same = all.filter((m) => m.field === field);
    await QuoteMemoryEntity.delete(same.map((m) => ({ userId, key: m.key, field: m.field }))).go();
  });
}
