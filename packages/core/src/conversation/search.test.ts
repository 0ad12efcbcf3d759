import { randomInt, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Actor } from "../actor";
import { DocumentEntity } from "../document/entity";
import { ConversationEntity, MessageEntity, PostingEntity } from "./entity";
import { Conversation } from "./index";
import { RecordIndex } from "./record-index";
import { ConversationSearch, MAX_POSTINGS_PER_WORD } from "./search";

/** The search index kept in step with conversations (runs with the test stack's DynamoDB Local; each test is its own user). */
const asUser = <T>(work: () => Promise<T>) => Actor.provide({ userId: `user-${randomUUID()}` }, work);
/** A document of project 7 the pipeline has read. */
const readDocument = (id: number, userId: string, fileName: string) =>
  DocumentEntity.put({
    id,
    userId,
    projectId: 7,
    fileName,
    fileType: "application/pdf",
    storageKey: `users/${userId}/projects/7/documents/${id}/${fileName}`,
    documentCategory: "specifications",
    processingStatus: "completed",
    hasText: true,
  }).go();

const hrefs = async (q: string) => (await ConversationSearch.find({ q })).results.map((r) => r.href);
const message = (id: string, content: string, type: "user" | "ai" = "user") => ({ id, type, content });

describe("the conversation search index", () => {
  it("follows an edit: a word taken out is no longer found, a word put in is", () =>
    asUser(async () => {
      const c = await Conversation.create({ listType: "general", title: "Edits", messages: [message("m1", "order the gravel")] });
      expect(await hrefs("gravel")).toEqual([`/chat?conversation=${c.id}&message=m1`]);
      await Conversation.update({ listType: "general", id: c.id, changes: { messages: [message("m1", "order the sand")] } });
      expect(await hrefs("gravel")).toEqual([]);
      expect(await hrefs("sand")).toEqual([`/chat?conversation=${c.id}&message=m1`]);
    }));

  it("follows a rename, and an appended answer", () =>
    asUser(async () => {
      const c = await Conversation.create({ listType: "projects", title: "Draft", messages: [message("m1", "hello")] });
      await Conversation.update({ listType: "projects", id: c.id, changes: { title: "Basement waterproofing" } });
      expect(await hrefs("draft")).toEqual([]);
      expect(await hrefs("waterproof")).toEqual([`/projects?conversation=${c.id}`]);
      await Conversation.appendMessages({ listType: "projects", id: c.id, messages: [message("a1", "Use a bentonite membrane.", "ai")] });
      expect(await hrefs("bentonite")).toEqual([`/projects?conversation=${c.id}&message=a1`]);
    }));

  it("finds a half-typed word, and a short word only whole", () =>
    asUser(async () => {
      const c = await Conversation.create({ listType: "general", title: "Words", messages: [message("m1", "scaffolding in the yard")] });
      expect(await hrefs("scaff")).toEqual([`/chat?conversation=${c.id}&message=m1`]);
      expect(await hrefs("sc")).toEqual([]);
      expect(await hrefs("yard in")).toEqual([`/chat?conversation=${c.id}&message=m1`]);
    }));

  it("ranks the conversation with the words side by side first", () =>
    asUser(async () => {
      const apart = await Conversation.create({
        listType: "general",
        title: "A",
        messages: [message("m1", "the pump loses heat at night")],
      });
      const together = await Conversation.create({ listType: "general", title: "B", messages: [message("m1", "we chose a heat pump")] });
      expect(await hrefs("heat pump")).toEqual([
        `/chat?conversation=${together.id}&message=m1`,
        `/chat?conversation=${apart.id}&message=m1`,
      ]);
    }));

  it("a word in more messages than a search reads still narrows a rare word to the message holding both", () =>
    asUser(async () => {
      const userId = Actor.userId();
      // Postings of "pump" on both sides of the real conversation's in key order, more than one search reads.
      const many = Array.from({ length: MAX_POSTINGS_PER_WORD + 20 }, (_, i) => ({
        userId,
        bucket: "pum",
        term: "pump",
        conversationId: `${i % 2 ? "0000" : "ffff"}-${String(i).padStart(5, "0")}`,
        messageId: "m1",
        count: 1,
      }));
      await PostingEntity.put(many).go({ concurrency: 4 });
      const c = await Conversation.create({
        listType: "general",
        title: "Spares",
        messages: [message("m1", "the pump needs a new xr20 seal"), message("m2", "an xr20 gasket alone")],
      });
      expect(await hrefs("pump xr20")).toEqual([`/chat?conversation=${c.id}&message=m1`]);
    }));

  it("indexes a conversation saved before the index existed on its next save", () =>
    asUser(async () => {
      const userId = Actor.userId();
      const conversationId = randomUUID();
      // As stored before: no postings, no flag.
      await ConversationEntity.create({
        conversationId,
        userId,
        listType: "general",
        title: "Old talk",
        messageCount: 1,
        positionsIndexed: true,
      }).go();
      await MessageEntity.put({
        conversationId,
        messageId: "m1",
        userId,
        position: 0,
        type: "user",
        content: "an old question about rebar",
        hash: "h",
      }).go();
      expect(await hrefs("rebar")).toEqual([]);
      await Conversation.appendMessages({ listType: "general", id: conversationId, messages: [message("a1", "Use ribbed bars.", "ai")] });
      expect(await hrefs("rebar")).toEqual([`/chat?conversation=${conversationId}&message=m1`]);
      expect(await hrefs("talk")).toEqual([`/chat?conversation=${conversationId}`]);
      expect((await ConversationEntity.get({ userId, conversationId }).go()).data?.searchIndexed).toBe(true);
    }));

  it("a document page's short numbers (pieces of amounts) make no postings, yet a search with one finds the page by its other words", () =>
    asUser(async () => {
      const userId = Actor.userId();
      const id = randomInt(1e9, 2e9);
      await readDocument(id, userId, "prices.pdf");
      await RecordIndex.document({ id, userId }, [{ page: 1, text: "Centrifugal pump model 8872 | 15 | $369.76 | $5,546.40" }]);
      const terms = (await PostingEntity.query.byMessage({ conversationId: `~doc:${id}` }).go({ pages: "all" })).data.map((p) => p.term);
      expect(terms.sort()).toEqual(["8872", "centrifugal", "model", "pump"]);
      const page = `/projects/7/documents/${id}?page=1`;
      expect(await hrefs("pump 546")).toEqual([page]);
      expect(await hrefs("8872")).toEqual([page]);
      expect(await hrefs("pump 999")).toEqual([]);
    }));

  it("a document's word is one posting naming every page that holds it; a search finds each page, and a page only by all its words", () =>
    asUser(async () => {
      const userId = Actor.userId();
      const id = randomInt(1e9, 2e9);
      await readDocument(id, userId, "catalogue.pdf");
      // a posting of one page, as the index kept pages before they were packed
      await PostingEntity.put({ userId, bucket: "hyd", term: "hydrant", conversationId: `~doc:${id}`, messageId: "9", count: 1 }).go();
      const pages = ["Catalogue | Brass gate valve, valve key", "Catalogue | Steel check valve", "Catalogue | Fire hose reel"];
      await RecordIndex.document(
        { id, userId },
        pages.map((text, p) => ({ page: p + 1, text })),
      );
      const postings = (await PostingEntity.query.byMessage({ conversationId: `~doc:${id}` }).go({ pages: "all" })).data;
      expect(postings.find((p) => p.term === "catalogue")).toMatchObject({ messageId: "~pages", pages: "1,2,3" });
      expect(postings.find((p) => p.term === "valve")).toMatchObject({ pages: "1,2", count: 2 });
      expect(postings.map((p) => p.term)).not.toContain("hydrant");
      const page = (n: number) => `/projects/7/documents/${id}?page=${n}`;
      expect((await hrefs("steel valve")).sort()).toEqual([page(2)]);
      expect(await hrefs("hose catalogue")).toEqual([page(3)]);
      expect(await hrefs("hydrant")).toEqual([]);
    }));

  it("a document read again is found by its new pages only, its quote by what it says now, and not while it is being deleted", () =>
    asUser(async () => {
      const userId = Actor.userId();
      const id = randomInt(1e9, 2e9);
      await readDocument(id, userId, "plan.pdf");
      await RecordIndex.document({ id, userId }, [
        { page: 1, text: "Foundation drawings" },
        { page: 2, text: "A gravel drainage layer under the slab" },
      ]);
      expect(await hrefs("gravel")).toEqual([`/projects/7/documents/${id}?page=2`]);
      await RecordIndex.document({ id, userId }, [{ page: 1, text: "Foundation drawings, revised" }]);
      expect(await hrefs("gravel")).toEqual([]);
      expect(await hrefs("revised")).toEqual([`/projects/7/documents/${id}?page=1`]);

      const quote = { documentId: id, userId, quoteNumber: "Q-9", lineItems: [{ description: "Washed gravel 20mm" }] };
      await RecordIndex.quote({ ...quote, vendorName: "Kestrel Aggregates" });
      expect(await hrefs("kestrel")).toEqual(["/projects/7/quotes"]);
      await RecordIndex.quote({ ...quote, vendorName: "Osprey Quarries" });
      expect(await hrefs("kestrel")).toEqual([]);
      expect((await ConversationSearch.find({ q: "osprey" })).results[0]).toMatchObject({ kind: "quote", title: "Osprey Quarries · Q-9" });

      await DocumentEntity.patch({ id }).set({ processingStatus: "deleting" }).go();
      expect(await hrefs("revised")).toEqual([]);
      await RecordIndex.forget(id);
      await DocumentEntity.patch({ id }).set({ processingStatus: "completed" }).go();
      expect(await hrefs("revised")).toEqual([]);
      expect(await hrefs("osprey")).toEqual([]);
    }));
});
