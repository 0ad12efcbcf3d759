import { z } from "zod";
import type { Domain } from "../db/service";
import { transactions } from "../db/transaction";
import { Actor } from "../actor";
import { QuoteCorrectionEntity, type QuoteCorrectionItem } from "./correction-entity";
import { RETRY, optimistic } from "../db/optimistic";
import { Conflict, NotFound } from "../error";
import { fn } from "../fn";
import { recordId } from "../validation";
import { QuoteEntity, type QuoteItem } from "./entity";
import { Quote } from "./index";
import { readJson } from "../document/store";
import { textKey } from "../document/keys";
import type { StoredText } from "../document/text";
import { printedAt } from "./locate";
import { QuoteMemory } from "./memory";
import {
  CHECK_BELOW,
  CorrectionInput,
  QUOTE_FIELDS,
  QuoteData,
  type CorrectedField,
  type CorrectedQuote,
  type Flag,
  type Learned,
  type QuoteField,
} from "./schema";

export { QuoteCorrectionEntity, type QuoteCorrectionItem } from "./correction-entity";

const STALE = "This quote was changed by someone else since you opened it. It has been reloaded: check the values and save again.";
/** Attempts before a correction that keeps losing races gives up (each loser merges the winner first). */
const MAX_ATTEMPTS = 10;
const giveUp = () => new Conflict("This quote was being changed by another request at the same time. Please try again.");

/** The version a correction record is at: 0 for none, 1 for one saved before versions were counted. */
const versionOf = (correction: Pick<QuoteCorrectionItem, "version"> | undefined) => (correction ? (correction.version ?? 1) : 0);

type Correction = z.output<typeof CorrectionInput>;

/** The quote with a correction laid over it; flags come from the same cross-check as the pipeline's. */
export function applyCorrection(
  quote: Quote.Info,
  correction: Pick<QuoteCorrectionItem, "fields" | "original" | "version"> | undefined,
): CorrectedQuote {
  if (!correction) return { ...quote, correctedFields: [], original: {}, version: 0, check: toCheck(quote, []) };
  const fields = correction.fields as Correction;
  const corrected = Object.keys(fields) as CorrectedField[];
  const merged = { ...quote, ...fields, ...placesOf(quote, fields) } as Quote.Info;
  const flags: Flag[] = Quote.flagsOf(merged, corrected);
  return {
    ...merged,
    flags,
    edited: true,
    correctedFields: corrected,
    original: (correction.original ?? {}) as CorrectedQuote["original"],
    version: versionOf(correction),
    check: toCheck(merged, corrected),
  };
}

/** The fields read with too little confidence that a person has not corrected. */
const toCheck = (quote: Quote.Info, corrected: readonly string[]): QuoteField[] =>
  QUOTE_FIELDS.filter(
    (f) => quote[f] !== null && !corrected.includes(f) && quote.sources[f] !== null && quote.sources[f]!.confidence < CHECK_BELOW,
  );

/**
 * Sources after a correction: a corrected value printed where the old one was read keeps that
 * place (now certain); any other corrected value has no known place. A corrected line keeps its
 * row while its amount is the one printed there.
 */
function placesOf(quote: Quote.Info, fields: Correction): Pick<Quote.Info, "sources" | "lineItems"> {
  const sources = { ...quote.sources };
  for (const field of QUOTE_FIELDS) {
    if (!(field in fields)) continue;
    const value = fields[field];
    const source = sources[field];
    sources[field] = value !== null && value !== undefined && printedAt(source, field, value) ? { ...source!, confidence: 1 } : null;
  }
  const lineItems = fields.lineItems
    ? fields.lineItems.map((line, i) => {
        const before = quote.lineItems[i];
        return before?.source && before.amount !== null && before.amount === line.amount ? { ...line, source: before.source } : line;
      })
    : quote.lineItems;
  return { sources, lineItems };
}

/** The quote as the API shows it, read consistently right after a save. */
async function read(documentId: number): Promise<CorrectedQuote> {
  const [quote, correction] = await Promise.all([
    QuoteEntity.get({ documentId }).go({ consistent: true }),
    QuoteCorrectionEntity.get({ documentId }).go({ consistent: true }),
  ]);
  if (!quote.data) throw new NotFound("Quote");
  return applyCorrection(Quote.present(quote.data), correction.data ?? undefined);
}

async function ownedQuote(id: number): Promise<QuoteItem> {
  const item = (await QuoteEntity.query.byId({ id }).go()).data[0];
  if (!item || item.userId !== Actor.userId()) throw new NotFound("Quote");
  return item;
}

export namespace QuoteCorrections {
  /** The corrections of a project's quotes, by document id: one Query. */
  export async function forProject(projectId: number): Promise<Map<number, QuoteCorrectionItem>> {
    const userId = Actor.userId();
    const items = (await QuoteCorrectionEntity.query.byProject({ projectId }).go({ pages: "all" })).data;
    return new Map(items.filter((c) => c.userId === userId).map((c) => [c.documentId, c]));
  }

  /**
   * Saves a correction of one of the caller's quotes: kept in its own record,
   * written onto the quote (marked edited, flags recomputed), answered corrected.
   *
   * Both records are written in one transaction conditioned on what was read (the correction's
   * version, the quote's last write), so a concurrent correction or re-analysis makes this attempt
   * read again and merge on top instead of overwriting it. A caller that says which `version` it
   * corrected gets a Conflict when someone saved in between: its changes were made on values it
   * no longer sees.
   */
  export const correct = fn(
    z.object({ id: recordId("Quote ID"), changes: CorrectionInput }),
    async ({ id, changes: input }): Promise<CorrectedQuote> => {
      const { version: seen, ...changes } = input;
      const { documentId } = await ownedQuote(id);
      const corrected = await optimistic(
        async () => {
          // consistent reads: the GSI the id was found on may lag behind the last save
          const [item, previous] = await Promise.all([
            QuoteEntity.get({ documentId }).go({ consistent: true }),
            QuoteCorrectionEntity.get({ documentId }).go({ consistent: true }),
          ]).then(([q, c]) => [q.data, c.data ?? undefined] as const);
          if (!item || item.userId !== Actor.userId()) throw new NotFound("Quote");
          const version = versionOf(previous);
          if (seen !== undefined && seen !== version) throw new Conflict(STALE);

          // What the quote says now (earlier corrections included): the values being replaced.
          const current = applyCorrection(Quote.present(item), previous);
          const fields = { ...((previous?.fields ?? {}) as Correction), ...changes };
          const original = { ...((previous?.original ?? {}) as CorrectedQuote["original"]) };
          for (const key of Object.keys(changes) as CorrectedField[]) {
            if (!(key in original)) original[key] = current[key];
          }
          // The merged quote must still be a valid quote before anything is written.
          const saved = { fields, original, version: version + 1 };
          const merged = applyCorrection(Quote.present(item), saved);
          QuoteData.parse(merged);

          const result = await (
            await transactions()
          )
            .write(({ quote, correction }) => [correctionWrite(correction, item, previous, saved), quoteWrite(quote, item, merged)])
            .go();
          if (result.canceled) return RETRY;
          return read(documentId);
        },
        giveUp,
        MAX_ATTEMPTS,
      );
      await teach(corrected, Object.keys(changes));
      return corrected;
    },
  );
}

/**
 * Remembers what identifies the corrected values on this document for the issuer's next ones,
 * and keeps the lessons on the correction so the quote shows them. A lesson that cannot be
 * learned (the document's text is gone) leaves the saved correction as it is.
 */
async function teach(quote: CorrectedQuote, fields: string[]) {
  const { userId, projectId, documentId } = quote;
  try {
    const text = await readJson<StoredText>(textKey({ userId, projectId, documentId }));
    const lessons = await QuoteMemory.learn({ userId, documentId, pages: text.pages, quote, fields });
    const previous = (await QuoteCorrectionEntity.get({ documentId }).go({ consistent: true })).data;
    const kept = ((previous?.taught ?? []) as Learned[]).filter((l) => !fields.includes(l.field));
    await QuoteCorrectionEntity.patch({ documentId })
      .set({ taught: [...kept, ...lessons] })
      .go();
  } catch (error) {
    console.error(`[quote] could not learn from the correction of document ${documentId}:`, error);
  }
}

type Writers = Parameters<Parameters<typeof Domain.transaction.write>[0]>[0];

/** The correction record, written only over the version that was read (or only if there was none). */
function correctionWrite(
  correction: Writers["correction"],
  item: QuoteItem,
  previous: QuoteCorrectionItem | undefined,
  saved: { fields: Correction; original: CorrectedQuote["original"]; version: number },
) {
  const record = {
    documentId: item.documentId,
    quoteId: item.id,
    projectId: item.projectId,
    userId: item.userId,
    ...saved,
    ...(previous?.taught ? { taught: previous.taught } : {}),
    createdAt: previous?.createdAt ?? new Date().toISOString(),
  };
  if (!previous) return correction.create(record).commit();
  return correction
    .put(record)
    .where((a, o) => (previous.version === undefined ? o.notExists(a.version) : o.eq(a.version, previous.version!)))
    .commit();
}

/** The quote record with the correction applied, written only over the write that was read. */
function quoteWrite(quote: Writers["quote"], item: QuoteItem, merged: CorrectedQuote) {
  const set: Record<string, unknown> = { edited: true, flags: merged.flags, lineItems: merged.lineItems, kind: merged.kind };
  const clear: QuoteField[] = [];
  for (const key of QUOTE_FIELDS) {
    if (merged[key] === null) clear.push(key);
    else set[key] = merged[key];
  }
  let update = quote.patch({ documentId: item.documentId }).set(set as never);
  if (clear.length) update = update.remove(clear);
  return update.where((a, o) => `${o.eq(a.userId, item.userId)} AND ${o.eq(a.updatedAt, item.updatedAt)}`).commit();
}
