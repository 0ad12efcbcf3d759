/**
 * `npm run bench:search`: GET /api/search's work for one user with thousands of messages
 * and documents.
 *
 * Starts its own DynamoDB Local (in memory), seeds one user with CONVERSATIONS
 * conversations of MESSAGES messages each (questions of a line, answers of several
 * hundred words, a few frequent and most rare as in real text, every fifth answer in
 * research mode with two models' answers), DOCUMENTS documents of PAGES pages each (a
 * page of some 400 words of the same text, indexed as the pipeline does), every fourth
 * with its quote (vendor, number, items), and a second user whose words must never
 * come back. Then runs QUERIES searches as the first user, one at a time, rotating
 * over a code found once (in a message, on a document's page), the most common word
 * (in over half the messages and pages), frequent words, half-typed words, two words,
 * a quote's vendor, and words found nowhere,
 * through the same core function the route calls (the gateway and token check add a
 * constant few milliseconds; bench:api measures those).
 *
 * Prints p50/p95/p99 and the slowest search, overall and per kind of query, and one
 * GetItem's as the floor: on a machine shared with other work, DynamoDB Local's every
 * request slows alike, and the ratio says what the search itself costs.
 * DynamoDB Local on this machine is slower than DynamoDB per page read; the figures
 * are an upper bound for the reading and a fair measure of the matching.
 * Settings: --conversations (2000), --messages (5), --documents (1000), --pages (3), --queries (300).
 */
import { parseArgs } from "node:util";
import { startDataStack } from "./data-stack";

const { values: args } = parseArgs({
  options: {
    conversations: { type: "string", default: "2000" },
    messages: { type: "string", default: "5" },
    documents: { type: "string", default: "1000" },
    pages: { type: "string", default: "3" },
    queries: { type: "string", default: "300" },
  },
});
const CONVERSATIONS = Number(args.conversations);
const MESSAGES = Number(args.messages);
const DOCUMENTS = Number(args.documents);
const PAGES = Number(args.pages);
const QUERIES = Number(args.queries);

const VOCABULARY = (
  "pump valve membrane roof concrete steel beam supplier quote invoice delivery warranty insulation " +
  "facade window glazing scaffold crane excavation drainage foundation rebar formwork cladding tender " +
  "contract schedule budget estimate subcontractor inspection permit compliance fireproofing ventilation " +
  "heating cooling electrical wiring lighting plumbing fixture tile flooring ceiling partition acoustic " +
  "timber masonry mortar render paint sealant waterproofing gutter downpipe asphalt paving kerb fencing"
).split(" ");
/** A deterministic generator: the same corpus on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}
const next = random(42);
const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
const FILLER = "the a of for with and to in on at by is was will should could about from this that".split(" ");
/**
 * Words as text uses them: a few very often, most rarely (Zipf's law). The trade words
 * above lead, then made-up words of two or three syllables, 5,000 in all.
 */
const SYLLABLES = "ka lo mi ter san dro vel pa ni quor ben tal fre gos mun ri sto ved lan cor".split(" ");
const WORDS = [...VOCABULARY];
while (WORDS.length < 5_000) WORDS.push(Array.from({ length: 2 + Math.floor(next() * 2) }, () => pick(SYLLABLES)).join(""));
const HARMONIC = WORDS.reduce((sum, _, i) => sum + 1 / (i + 1), 0);
function zipf(): string {
  let r = next() * HARMONIC;
  for (let i = 0; i < WORDS.length; i++) if ((r -= 1 / (i + 1)) <= 0) return WORDS[i]!;
  return WORDS.at(-1)!;
}
function sentence(words: number) {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(i % 3 === 1 ? pick(FILLER) : zipf());
  return `${out.join(" ")}.`;
}
const prose = (sentences: number) => Array.from({ length: sentences }, () => sentence(8 + Math.floor(next() * 10))).join(" ");

function conversation(i: number) {
  const messages: Record<string, unknown>[] = [];
  for (let m = 0; m < MESSAGES; m++) {
    const id = `${i}-${m}`;
    if (m % 2 === 0) messages.push({ id, type: "user", content: `${sentence(10)} Reference ref${i}x${m}?` });
    else if (m % 10 === 1 && i % 5 === 0)
      messages.push({
        id,
        type: "ai",
        content: prose(8),
        details: {
          mode: "research",
          answers: [
            { service: "GPT", status: "answered", response: prose(10) },
            { service: "Claude", status: "answered", response: prose(10) },
          ],
        },
      });
    else messages.push({ id, type: "ai", content: prose(12 + Math.floor(next() * 20)) });
  }
  return { title: `${pick(VOCABULARY)} ${pick(VOCABULARY)} ${i}`, messages };
}

/** A made-up vendor for each quote: found by its name, among the words of everything else. */
const vendorOf = (i: number) =>
  `${SYLLABLES[i % SYLLABLES.length]}${SYLLABLES[Math.floor(i / SYLLABLES.length) % SYLLABLES.length]} Supplies`;

/** A document's pages (a code on each, found once) and, for every fourth, its quote. */
function document(i: number) {
  const pages = Array.from({ length: PAGES }, (_, p) => ({ page: p + 1, text: `${prose(24)} Drawing dwg${i}p${p + 1}. ${prose(24)}` }));
  const quote =
    i % 4 === 0
      ? {
          vendorName: vendorOf(i),
          quoteNumber: `Q-${i}`,
          lineItems: Array.from({ length: 8 }, () => ({ description: `${zipf()} ${pick(VOCABULARY)} ${zipf()}` })),
        }
      : undefined;
  return { pages, quote };
}

const QUERY_KINDS: Record<string, () => string> = {
  "one conversation's code": () => `ref${Math.floor(next() * CONVERSATIONS)}x0`,
  "one document page's code": () => `dwg${Math.floor(next() * DOCUMENTS)}p${1 + Math.floor(next() * PAGES)}`,
  "a quote's vendor": () => vendorOf(4 * Math.floor((next() * DOCUMENTS) / 4)),
  "most common word": () => VOCABULARY[0]!,
  "a frequent word": () => pick(VOCABULARY),
  "half-typed word": () => pick(VOCABULARY).slice(0, 4),
  "two words": () => `${pick(VOCABULARY)} ${zipf()}`,
  "found nowhere": () => `zyxwv${Math.floor(next() * 1000)}`,
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(1)} ms · p95 ${percentile(s, 95).toFixed(1)} ms · p99 ${percentile(s, 99).toFixed(1)} ms · max ${s.at(-1)!.toFixed(1)} ms (n=${s.length})`;
};

async function main() {
  const stack = await startDataStack("search");
  try {
    const { Actor } = await import("../packages/core/src/actor");
    const { Conversation } = await import("../packages/core/src/conversation/index");
    const { ConversationSearch } = await import("../packages/core/src/conversation/search");
    const owner = { userId: "bench-owner" };
    const other = { userId: "bench-other" };

    const seeding = performance.now();
    let done = 0;
    const queue = Array.from({ length: CONVERSATIONS }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
          await Actor.provide(owner, () =>
            Conversation.create({ listType: "general", ...conversation(i) } as Parameters<typeof Conversation.create>[0]),
          );
          if (++done % 500 === 0) console.log(`seeded ${done} conversations`);
        }
      }),
    );
    for (let i = 0; i < 20; i++)
      await Actor.provide(other, () =>
        Conversation.create({
          listType: "general",
          title: "secret",
          messages: [{ id: "x", type: "user", content: "zyxwv-other job 0-0" }],
        } as never),
      );
    const messages = CONVERSATIONS * MESSAGES;
    console.log(`seeded ${CONVERSATIONS} conversations, ${messages} messages in ${((performance.now() - seeding) / 1000).toFixed(0)} s`);

    // Documents as the pipeline leaves them: the record, then its pages and its quote indexed.
    const { DocumentEntity } = await import("../packages/core/src/document/entity");
    const { RecordIndex } = await import("../packages/core/src/conversation/record-index");
    const indexing = performance.now();
    const documents = Array.from({ length: DOCUMENTS }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = documents.shift(); i !== undefined; i = documents.shift()) {
          const id = i + 1;
          const { pages, quote } = document(i);
          await DocumentEntity.put({
            id,
            userId: owner.userId,
            projectId: 1 + (i % 20),
            fileName: `drawing-${i}.pdf`,
            fileType: "application/pdf",
            storageKey: `users/${owner.userId}/projects/1/documents/${id}/drawing.pdf`,
            documentCategory: quote ? "vendor-quotes" : "specifications",
            processingStatus: "completed",
            hasText: true,
            pageCount: PAGES,
          }).go();
          await RecordIndex.document({ id, userId: owner.userId }, pages);
          if (quote) await RecordIndex.quote({ documentId: id, userId: owner.userId, ...quote });
          if (id % 250 === 0) console.log(`indexed ${id} documents`);
        }
      }),
    );
    await DocumentEntity.put({
      id: DOCUMENTS + 1,
      userId: other.userId,
      projectId: 99,
      fileName: "secret.pdf",
      fileType: "application/pdf",
      storageKey: `users/${other.userId}/projects/99/documents/${DOCUMENTS + 1}/secret.pdf`,
      documentCategory: "vendor-quotes",
      processingStatus: "completed",
      hasText: true,
    }).go();
    await RecordIndex.document({ id: DOCUMENTS + 1, userId: other.userId }, [{ page: 1, text: "zyxwv-other drawing" }]);
    await RecordIndex.quote({ documentId: DOCUMENTS + 1, userId: other.userId, vendorName: "zyxwv-other", lineItems: [] });
    console.log(`indexed ${DOCUMENTS} documents of ${PAGES} pages in ${((performance.now() - indexing) / 1000).toFixed(0)} s`);

    const search = (q: string) => Actor.provide(owner, () => ConversationSearch.find({ q }));
    // Warm up the client and the first connections, as a warm Lambda would be.
    for (let i = 0; i < 5; i++) await search("pump");
    const leaked = await search("zyxwv-other");
    if (leaked.results.length > 0) throw new Error("another user's message, document or quote was found");

    // The floor on this machine at this moment: one GetItem, the least any search does.
    const { ConversationEntity } = await import("../packages/core/src/conversation/entity");
    const floor: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      await ConversationEntity.get({ userId: owner.userId, conversationId: "none" }).go();
      floor.push(performance.now() - started);
    }

    const all: number[] = [];
    const byKind = new Map<string, number[]>();
    const kinds = Object.keys(QUERY_KINDS);
    let hits = 0;
    const found = new Map<string, number>();
    for (let i = 0; i < QUERIES; i++) {
      const kind = kinds[i % kinds.length]!;
      const q = QUERY_KINDS[kind]!();
      const started = performance.now();
      const { results } = await search(q);
      const ms = performance.now() - started;
      hits += results.length;
      for (const r of results) found.set(r.kind, (found.get(r.kind) ?? 0) + 1);
      all.push(ms);
      byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
    }
    console.log(
      `\nsearch over ${CONVERSATIONS} conversations / ${messages} messages and ${DOCUMENTS} documents / ${DOCUMENTS * PAGES} pages of one user (DynamoDB Local, in process):`,
    );
    console.log(`  all queries           ${summary(all)}  (${(hits / QUERIES).toFixed(1)} results per query)`);
    for (const [kind, ms] of byKind) console.log(`  ${kind.padEnd(28)} ${summary(ms)}`);
    console.log(`  one GetItem (the floor)      ${summary(floor)}`);
    console.log(`  results by kind: ${[...found].map(([kind, n]) => `${kind} ${n}`).join(" · ")}`);
  } finally {
    await stack.stop();
  }
}

await main();
