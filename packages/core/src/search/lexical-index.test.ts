import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { boundedEditDistance, LexicalIndex, type StoredChunk } from "./lexical-index";

const chunk = (documentId: number, index: number, text: string, extra: Partial<StoredChunk> = {}): StoredChunk => ({
  id: `${documentId}:${index}`,
  documentId,
  projectId: 7,
  chunk: index,
  page: 1,
  fileName: `doc-${documentId}.pdf`,
  text,
  ...extra,
});

const boosts = { text: 1, fileName: 0.3 };
const ranked = (index: LexicalIndex, term: string, fuzzy: number | false = false) => {
  const { slots, scores } = index.scoreTerm(term, 1, fuzzy, boosts);
  return Array.from(slots, (slot, i) => ({ id: index.chunkAt(slot).id, score: scores[i]! })).sort((a, b) => b.score - a.score);
};

describe("the lexical index", () => {
  it("ranks a chunk that repeats a rare term above one that mentions it once", () => {
    const index = new LexicalIndex();
    index.addAll([chunk(1, 0, "gasket gasket gasket seal"), chunk(1, 1, "gasket and pump"), chunk(2, 0, "pump housing")]);
    expect(ranked(index, "gasket").map((r) => r.id)).toEqual(["1:0", "1:1"]);
    expect(index.holds("housing")).toBe(true);
    expect(index.holds("valve")).toBe(false);
  });

  it("finds a misspelt long word only when fuzzy matching is asked for", () => {
    const index = new LexicalIndex();
    index.addAll([chunk(1, 0, "installation of the sprinklers")]);
    expect(ranked(index, "instalation")).toEqual([]);
    expect(ranked(index, "instalation", 0.15).map((r) => r.id)).toEqual(["1:0"]);
  });

  it("keeps its chunks, lines and scores through serialization, also for chunks added after a load", () => {
    const index = new LexicalIndex();
    index.addAll([chunk(1, 0, "hydraulic pump HP-220 | 405.00", { lineFrom: 3, lineTo: 9 }), chunk(1, 1, "relief valve")]);
    const loaded = LexicalIndex.deserialize(index.serialize({ note: "first" }))!;
    expect(loaded.meta).toEqual({ note: "first" });
    loaded.index.addAll([chunk(2, 0, "a second pump, hydraulic")]);
    index.addAll([chunk(2, 0, "a second pump, hydraulic")]);
    const again = LexicalIndex.deserialize(loaded.index.serialize(null))!.index;
    for (const term of ["pump", "hydraulic", "valve", "doc"]) expect(ranked(again, term)).toEqual(ranked(index, term));
    expect(again.getStoredFields("1:0")).toEqual(chunk(1, 0, "hydraulic pump HP-220 | 405.00", { lineFrom: 3, lineTo: 9 }));
    expect(again.getStoredFields("1:1")).not.toHaveProperty("lineFrom");
  });

  it("drops discarded chunks from ranking at once and from storage after a vacuum", async () => {
    const index = new LexicalIndex();
    index.addAll([chunk(1, 0, "pump"), chunk(2, 0, "pump"), chunk(2, 1, "valve")]);
    index.discardAll(["2:0", "2:1"]);
    expect(ranked(index, "pump").map((r) => r.id)).toEqual(["1:0"]);
    expect(index.holds("valve")).toBe(false);
    expect(() => index.serialize(null)).toThrow(/vacuum/);
    await index.vacuum();
    expect(index.documentCount).toBe(1);
    expect(index.dirtCount).toBe(0);
    expect(LexicalIndex.deserialize(index.serialize(null))!.index.has("2:0")).toBe(false);
  });

  it("after a vacuum, ranks exactly as an index built from the chunks it kept, also once stored and loaded", async () => {
    const all = [chunk(1, 0, "pump pump valve"), chunk(2, 0, "valve gasket"), chunk(3, 0, "pump housing"), chunk(3, 1, "gasket")];
    const loaded = LexicalIndex.deserialize(new LexicalIndex().serialize(null))!.index;
    loaded.addAll(all.slice(0, 2));
    const reloaded = LexicalIndex.deserialize(loaded.serialize(null))!.index;
    reloaded.addAll(all.slice(2));
    reloaded.discardAll(["2:0", "3:1"]);
    await reloaded.vacuum();
    const fresh = new LexicalIndex();
    fresh.addAll([all[0]!, all[2]!]);
    for (const term of ["pump", "valve", "gasket", "housing", "doc"]) expect(ranked(reloaded, term)).toEqual(ranked(fresh, term));
    expect(reloaded.holds("gasket")).toBe(false);
    const stored = LexicalIndex.deserialize(reloaded.serialize(null))!.index;
    for (const term of ["pump", "valve", "housing"]) expect(ranked(stored, term)).toEqual(ranked(fresh, term));
  });

  it("keeps every text across its compressed blocks, through loads, additions, discards and saves", async () => {
    const words = ["pump", "valve", "gasket", "housing", "seal", "flange"];
    const many = Array.from({ length: 300 }, (_, i) =>
      chunk(1 + Math.floor(i / 100), i % 100, `${words[i % 6]} item ${i} ${words[(i * 7) % 6]}`),
    );
    const index = new LexicalIndex();
    index.addAll(many.slice(0, 200));
    const loaded = LexicalIndex.deserialize(index.serialize(null))!.index;
    // The saved index keeps answering with its texts (now held compressed).
    expect(index.getStoredFields("1:42")).toEqual(many[42]);
    loaded.addAll(many.slice(200));
    loaded.discardAll(["1:5", "2:50"]);
    await loaded.vacuum();
    const stored = LexicalIndex.deserialize(loaded.serialize(null))!.index;
    const kept = many.filter((c) => c.id !== "1:5" && c.id !== "2:50");
    for (const c of kept) expect(stored.getStoredFields(c.id)).toEqual(c);
    const fresh = new LexicalIndex();
    fresh.addAll(kept);
    for (const term of [...words, "item", "doc"]) expect(ranked(stored, term)).toEqual(ranked(fresh, term));
  });

  it("refuses a truncated stored index instead of misreading it", () => {
    const index = new LexicalIndex();
    index.addAll([chunk(1, 0, "pump")]);
    const data = index.serialize(null);
    expect(() => LexicalIndex.deserialize(data.subarray(0, data.length - 5))).toThrow(/truncated/);
  });

  it("refuses data in another format instead of misreading it", () => {
    expect(LexicalIndex.deserialize(gzipSync(JSON.stringify({ format: 2, index: {} })))).toBeUndefined();
  });
});

describe("bounded edit distance", () => {
  it("counts insertions, deletions and substitutions, and stops past the bound", () => {
    expect(boundedEditDistance("warranty", "warranty", 2)).toBe(0);
    expect(boundedEditDistance("warranty", "waranty", 2)).toBe(1);
    expect(boundedEditDistance("warranty", "warrenty", 2)).toBe(1);
    expect(boundedEditDistance("warranty", "guarantee", 2)).toBe(3);
  });
});
