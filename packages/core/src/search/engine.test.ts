import { describe, expect, it } from "vitest";
import { chunkPages } from "../document/chunks";
import { Extract } from "../extract/index";
import { createIndex, deserialize, searchIndex, serialize, type IndexedChunk } from "./engine";
import { excerpt, reflow } from "./excerpt";
import { fillerText, LABELLED_QUESTIONS, projectDocuments } from "./fixtures";
import { fuseRanks } from "./fusion";

/** The labelled documents as the pipeline would chunk them, plus filler chunks as near misses. */
async function labelledChunks(fillerChunks = 2000): Promise<IndexedChunk[]> {
  const chunks: IndexedChunk[] = [];
  let documentId = 1;
  for (const d of projectDocuments()) {
    const extracted = await Extract.fromBuffer(d.build(), { fileName: d.fileName, contentType: d.contentType });
    for (const c of chunkPages(extracted.pages)) {
      chunks.push({
        id: `${documentId}:${c.index}`,
        documentId,
        projectId: 1,
        chunk: c.index,
        page: c.page,
        fileName: d.fileName,
        text: c.text,
      });
    }
    documentId++;
  }
  const filler = chunkPages([{ page: 1, text: fillerText(7, fillerChunks * 1000) }]).slice(0, fillerChunks);
  for (const c of filler)
    chunks.push({ id: `99:${c.index}`, documentId: 99, projectId: 1, chunk: c.index, page: 1, fileName: "price-list.txt", text: c.text });
  return chunks;
}

const answers = (hit: { fileName: string; page: number; text: string }, q: (typeof LABELLED_QUESTIONS)[number]) =>
  hit.fileName === q.fileName && hit.page === q.page && hit.text.includes(q.contains);

describe("the lexical index", () => {
  it("finds the chunk that answers each labelled question among 2,000 near misses, first for most", async () => {
    const index = createIndex(await labelledChunks());
    let first = 0;
    for (const q of LABELLED_QUESTIONS) {
      const hits = searchIndex(index, q.question, 5);
      expect(
        hits.some((h) => answers(h, q)),
        q.question,
      ).toBe(true);
      if (answers(hits[0]!, q)) first++;
    }
    expect(first / LABELLED_QUESTIONS.length).toBeGreaterThanOrEqual(0.8);
  });

  it("matches plural and singular, and ignores case and stop words", async () => {
    const index = createIndex(await labelledChunks(0));
    const [hit] = searchIndex(index, "THE DOCK DOOR", 1);
    expect(hit?.fileName).toBe("riverside-specifications.pdf");
    expect(hit?.page).toBe(1);
    expect(searchIndex(index, "the of and", 5)).toEqual([]);
  });

  it("survives serialization: the same hits after gzip, JSON and load", async () => {
    const chunks = await labelledChunks(300);
    const index = createIndex(chunks);
    const manifest = { "1": { version: "v1", chunks: 1 } };
    const restored = deserialize(serialize(index, manifest))!;
    expect(restored.manifest).toEqual(manifest);
    for (const q of LABELLED_QUESTIONS.slice(0, 5)) {
      expect(searchIndex(restored.index, q.question, 5)).toEqual(searchIndex(index, q.question, 5));
    }
  });

  it("forgets a discarded document's chunks", async () => {
    const index = createIndex(await labelledChunks(0));
    const ids = Array.from({ length: 3 }, (_, i) => `3:${i}`);
    index.discardAll(ids);
    await index.vacuum();
    expect(searchIndex(index, "ESFR sprinkler", 5).every((h) => h.documentId !== 3)).toBe(true);
  });
});

describe("excerpts and fusion", () => {
  it("quotes the lines that match, with their neighbours, within the length", () => {
    const text = Array.from({ length: 40 }, (_, i) =>
      i === 25 ? "4 | Hydraulic pump HP-220 | $389.99 | $1,559.96" : `line ${i} about nothing in particular`,
    ).join("\n");
    const quoted = excerpt(text, "hydraulic pump price", 200);
    expect(quoted).toContain("Hydraulic pump HP-220");
    expect(quoted.length).toBeLessThanOrEqual(210);
    expect(quoted.startsWith("…")).toBe(true);
  });

  it("joins lines a layout wrapped mid-sentence, but keeps table rows and headings apart", () => {
    expect(reflow("Slab shall be designed for a 250\npsf uniform load.\nSection 23 - Heating\n2 | Bolts | $7.20\nsubtotal | $9")).toBe(
      "Slab shall be designed for a 250 psf uniform load.\nSection 23 - Heating\n2 | Bolts | $7.20\nsubtotal | $9",
    );
  });

  it("reciprocal rank fusion puts what both lists rank high first", () => {
    const fused = fuseRanks(
      [
        ["a", "b", "c"],
        ["c", "b", "d"],
      ],
      (x) => x,
    ).map((f) => f.item);
    expect(fused.slice(0, 2).sort()).toEqual(["b", "c"]);
    expect(fused).toContain("d");
  });
});
