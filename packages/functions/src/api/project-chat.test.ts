import { beforeAll, describe, expect, it } from "vitest";
import { Actor } from "@quorum/core/actor";
import { openAiError, openAiReplies, startFakeServer, type FakeServer } from "@quorum/testing/fake-models";
import { testConfig } from "@quorum/testing/model-config";
import { ProjectChat } from "@quorum/core/project-chat/index";
import { clearVectorCache, openAiEmbedder, semanticRanking, vectorsKey } from "@quorum/core/search/embeddings";
import { clearMemoryCache, indexKey, Search } from "@quorum/core/search/index";
import { loadProjectIndex } from "@quorum/core/search/project-index";
import { Storage } from "@quorum/core/storage/index";
import { supplyAgreementTxt } from "@quorum/testing/project-documents";
import { addProject, call, labelledProject, signedInUser, type TestUser, uploadDocument, waitCompleted } from "@quorum/local/testing";

/**
 * The project chat over the wire: the labelled documents go through the real
 * documents API and the local pipeline; questions are answered by the offline
 * model (no model is configured in the test stack), or by a real OpenAI client
 * pointed at a fake server when the test calls core with a model configured.
 */

interface Citation {
  index: number;
  documentId: number;
  projectId: number;
  fileName: string;
  page: number;
  snippet: string;
  projectName?: string;
}

describe("project chat", () => {
  let ann: TestUser;
  let bob: TestUser;
  let annProject: number;
  let annDocs: Record<string, number>;
  let bobProject: number;

  beforeAll(async () => {
    [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
    ({ projectId: annProject, documentIds: annDocs } = await labelledProject(ann));
    bobProject = await addProject(bob, { name: "Bob's depot" });
    const agreement = await uploadDocument(
      bob,
      bobProject,
      { fileName: "bob-agreement.txt", contentType: "text/plain", category: "contracts" },
      supplyAgreementTxt(),
    );
    await waitCompleted(bob, bobProject, [agreement]);
  }, 180_000);

  it("answers a question about a document by quoting the passage that holds the answer, cited by name and page", async () => {
    const res = await call(ann, "POST", `/api/projects/${annProject}/chat`, {
      message: "What is the price of the pressure relief valve?",
      projectId: annProject,
      userId: ann.uid,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.offline).toBe(true);
    expect(res.body.response).toMatch(/^\*\*Offline model\*\*/);
    expect(res.body.response).toContain("Pressure relief valve PRV-75");
    expect(res.body.response).toContain("**[1]**");
    const [first] = res.body.citations as Citation[];
    expect(first).toMatchObject({
      index: 1,
      fileName: "pacific-quote.pdf",
      page: 1,
      documentId: annDocs["pacific-quote.pdf"],
      projectId: annProject,
    });
    expect(first!.snippet).toContain("PRV-75");
    expect(res.body.retrieval).toMatchObject({ documents: 4 });
  });

  it("cites the right page of a multi-page document, and the citation opens the document view", async () => {
    const res = await call(ann, "POST", `/api/projects/${annProject}/chat`, {
      message: "Which sprinkler system is specified?",
      projectId: annProject,
    });
    expect(res.status, res.text).toBe(200);
    const [first] = res.body.citations as Citation[];
    expect(first).toMatchObject({ fileName: "riverside-specifications.pdf", page: 2 });
    const view = await call(ann, "GET", `/api/documents/${first!.documentId}/view`);
    expect(view.status, view.text).toBe(200);
    expect(view.body.url).toMatch(/^http/);
  });

  it("answers from the project's records too: the customer and the extracted quotes", async () => {
    const res = await call(ann, "POST", `/api/projects/${annProject}/chat`, { message: "What are the quote totals of each vendor?" });
    expect(res.status, res.text).toBe(200);
    expect(res.body.response).toContain("From the records:");
    expect(res.body.response).toMatch(/Vendor quote (AIS-2024-0117|PFH-55120)/);
  });

  it("keeps the history of the project's chat: questions and cited answers, in order, with times", async () => {
    // A project of its own, so the history holds only this test's questions whatever ran before.
    const { projectId } = await labelledProject(ann, ["pacific-quote.pdf"]);
    for (const message of ["What is the price of the pressure relief valve?", "When is the quote valid until?"]) {
      const asked = await call(ann, "POST", `/api/projects/${projectId}/chat`, { message });
      expect(asked.status, asked.text).toBe(200);
    }
    const res = await call(ann, "GET", `/api/projects/${projectId}/conversation`);
    expect(res.status, res.text).toBe(200);
    const messages = res.body.messages as { id: string; type: string; content: string; timestamp: string; citations?: Citation[] }[];
    expect(messages.map((m) => m.type)).toEqual(["user", "ai", "user", "ai"]);
    expect(messages[0]).toMatchObject({ content: "What is the price of the pressure relief valve?" });
    expect(messages[2]).toMatchObject({ content: "When is the quote valid until?" });
    expect(messages[1]!.citations?.[0]).toMatchObject({ fileName: "pacific-quote.pdf", page: 1 });
    expect(messages[0]!.citations).toBeUndefined();
    for (const m of messages) {
      expect(Date.parse(m.timestamp)).not.toBeNaN();
      expect(m.id).toMatch(/^\d{13}-/);
    }
    // One conversation per project: another project starts empty.
    const other = await addProject(ann, { name: "Empty project" });
    expect((await call(ann, "GET", `/api/projects/${other}/conversation`)).body).toEqual({
      conversationId: null,
      messages: [],
      hasMore: false,
      older: null,
    });
  });

  it("another user's documents never reach the context, and their project is not found", async () => {
    const res = await call(bob, "POST", `/api/projects/${bobProject}/chat`, {
      message: "What is the price of the pressure relief valve PRV-75 and the hydraulic pump?",
    });
    expect(res.status, res.text).toBe(200);
    const citations = res.body.citations as Citation[];
    expect(citations.every((c) => c.projectId === bobProject)).toBe(true);
    expect(res.body.response).not.toContain("PRV-75 |");
    expect(res.body.response).not.toContain("pacific-quote.pdf");

    expect((await call(bob, "POST", `/api/projects/${annProject}/chat`, { message: "hello" })).status).toBe(404);
    expect((await call(bob, "GET", `/api/projects/${annProject}/conversation`)).status).toBe(404);
    const all = await call(bob, "POST", "/api/projects-chat", { message: "pressure relief valve price", userId: bob.uid });
    expect(all.status, all.text).toBe(200);
    expect((all.body.citations as Citation[]).every((c) => c.projectId === bobProject)).toBe(true);
  });

  it("a model gets the project's passages and records, never another user's, and its [n] become citations", async () => {
    const server: FakeServer = await startFakeServer(
      openAiReplies("Pacific quotes the valve at $64.50 each [1]; Acme does not list it [9]."),
    );
    try {
      // Gemini: a model every plan includes (these users are on Starter).
      const deps = {
        config: testConfig({
          GEMINI_API_KEY: "test",
          GEMINI_BASE_URL: `${server.url}/v1`,
          RESEARCH_SYNTHESIZER: "gemini",
          EMBEDDINGS: "off",
        }),
      };
      const annReply = await Actor.provide({ userId: ann.uid }, () =>
        ProjectChat.send(annProject, { message: "What does the pressure relief valve cost?" }, deps),
      );
      expect(annReply).toMatchObject({ offline: false, model: "gemini" });
      // [9] is not a passage it was given: only [1] becomes a citation.
      expect(annReply.citations).toHaveLength(1);
      expect(annReply.citations[0]).toMatchObject({ index: 1, fileName: "pacific-quote.pdf", page: 1 });
      const prompt = JSON.stringify(server.calls[0]!.body.messages);
      expect(prompt).toContain('[1] \\"pacific-quote.pdf\\", page 1');
      expect(prompt).toContain("Pressure relief valve PRV-75");
      expect(prompt).toContain("Vendor quote PFH-55120 from Pacific Fasteners");

      const bobReply = await Actor.provide({ userId: bob.uid }, () =>
        ProjectChat.send(bobProject, { message: "What does the pressure relief valve cost?" }, deps),
      );
      expect(bobReply.offline).toBe(false);
      const bobPrompt = JSON.stringify(server.calls[1]!.body.messages);
      expect(bobPrompt).not.toContain("Pacific");
      expect(bobPrompt).not.toContain("Riverside");
      expect(bobPrompt).toContain("bob-agreement.txt");
    } finally {
      await server.close();
    }
  });

  it("falls back to the offline model, saying why, when the configured model fails", async () => {
    const server = await startFakeServer(() => openAiError(500, "boom", "server_error"));
    try {
      const deps = { config: testConfig({ GEMINI_API_KEY: "test", GEMINI_BASE_URL: `${server.url}/v1`, EMBEDDINGS: "off" }) };
      const reply = await Actor.provide({ userId: ann.uid }, () =>
        ProjectChat.send(annProject, { message: "How thick is the floor slab?" }, deps),
      );
      expect(reply.offline).toBe(true);
      expect(reply.response).toMatch(/^\*\*Offline model\*\* — Gemini .*offline model is answering instead/);
      expect(reply.citations[0]).toMatchObject({ fileName: "riverside-specifications.pdf", page: 2 });
    } finally {
      await server.close();
    }
  });

  it("with a provider that offers embeddings, ranks by meaning too: a question sharing no word with the answer finds it", async () => {
    // A fake provider whose "meaning" is words plus synonyms, hashed into 64 dimensions.
    const synonyms: Record<string, string> = { extinguishing: "sprinkler", suppression: "sprinkler" };
    const embed = (text: string) => {
      const v = new Array(64).fill(0);
      for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
        const w = synonyms[word] ?? word;
        if (w.length < 4) continue;
        let h = 0;
        for (const ch of w) h = (h * 31 + ch.charCodeAt(0)) % 64;
        v[h] += 1;
      }
      return v;
    };
    const server = await startFakeServer((c) => {
      if (c.path.endsWith("/embeddings")) {
        const input = c.body.input as string[];
        return {
          json: {
            object: "list",
            model: c.body.model,
            data: input.map((t, index) => ({ object: "embedding", index, embedding: embed(t) })),
            usage: { prompt_tokens: 1, total_tokens: 1 },
          },
        };
      }
      return openAiReplies("The ESFR system [1].")(c);
    });
    try {
      const question = "Which extinguishing setup is planned?";
      const as = <T>(work: () => Promise<T>) => Actor.provide({ userId: ann.uid }, work);
      expect((await as(() => Search.inProject(annProject, question, 5))).hits.some((h) => h.text.includes("ESFR"))).toBe(false);

      clearVectorCache();
      const semantic = semanticRanking(openAiEmbedder("gemini", "fake-embedding", "test", `${server.url}/v1`));
      const { hits } = await as(() => Search.inProject(annProject, question, 5, semantic));
      expect(hits[0]).toMatchObject({ fileName: "riverside-specifications.pdf", page: 2 });
      // Each document's vectors were stored once, next to its chunks.
      const specId = annDocs["riverside-specifications.pdf"]!;
      expect(
        (await Storage.head(vectorsKey({ userId: ann.uid, projectId: annProject, documentId: specId }, "gemini:fake-embedding")))
          .ContentLength,
      ).toBeGreaterThan(0);
      const calls = server.calls.length;
      clearVectorCache();
      await as(() => Search.inProject(annProject, question, 5, semantic));
      expect(server.calls.length).toBe(calls + 1); // only the question: the chunks' vectors came from S3

      // The chat uses it when Gemini is configured.
      const deps = {
        config: testConfig({ GEMINI_API_KEY: "test", GEMINI_BASE_URL: `${server.url}/v1`, GEMINI_EMBEDDING_MODEL: "fake-embedding" }),
      };
      const reply = await as(() => ProjectChat.send(annProject, { message: question }, deps));
      expect(reply).toMatchObject({ offline: false, model: "gemini" });
      expect(reply.citations[0]).toMatchObject({ fileName: "riverside-specifications.pdf", page: 2 });
    } finally {
      await server.close();
    }
  });

  it("a new document is searchable at the next question (the cached index is updated)", async () => {
    const projectId = await addProject(ann, { name: "Growing project" });
    const first = await uploadDocument(
      ann,
      projectId,
      { fileName: "agreement.txt", contentType: "text/plain", category: "contracts" },
      supplyAgreementTxt(),
    );
    await waitCompleted(ann, projectId, [first]);
    const before = await call(ann, "POST", `/api/projects/${projectId}/chat`, {
      message: "What are the rules for the ESFR sprinkler system?",
    });
    expect(before.body.citations.some((c: Citation) => c.fileName === "spec-notes.txt")).toBe(false);
    const second = await uploadDocument(
      ann,
      projectId,
      { fileName: "spec-notes.txt", contentType: "text/plain", category: "specifications" },
      Buffer.from("Fire protection notes\nThe ESFR sprinkler system needs K-25.2 heads and a 1,500 gpm fire pump.\n"),
    );
    await waitCompleted(ann, projectId, [second]);
    const after = await call(ann, "POST", `/api/projects/${projectId}/chat`, {
      message: "What are the rules for the ESFR sprinkler system?",
    });
    expect(after.body.citations[0]).toMatchObject({ fileName: "spec-notes.txt", documentId: second });
    expect(after.body.retrieval).toMatchObject({ documents: 2 });
  });

  it("refuses a blank message, a body for another project and another user's id", async () => {
    const blank = await call(ann, "POST", `/api/projects/${annProject}/chat`, { message: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe("Message is required");
    const other = await call(ann, "POST", `/api/projects/${annProject}/chat`, { message: "hi", projectId: annProject + 1000 });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe("projectId does not match the project in the path");
    expect((await call(ann, "POST", `/api/projects/${annProject}/chat`, { message: "hi", userId: bob.uid })).status).toBe(403);
    expect((await call(undefined, "POST", `/api/projects/${annProject}/chat`, { message: "hi" })).status).toBe(401);
  });

  it("keeps the index in S3 between processes, and drops a deleted document's chunks from it", async () => {
    const as = <T>(work: () => Promise<T>) => Actor.provide({ userId: ann.uid }, work);
    // A project of its own: the document deleted below is missed by no other test.
    const { projectId, documentIds } = await labelledProject(ann, ["supply-agreement.txt", "riverside-specifications.pdf"]);
    const asked = await call(ann, "POST", `/api/projects/${projectId}/chat`, {
      message: "Which state's law governs the supply agreement?",
    });
    expect(asked.status, asked.text).toBe(200);
    // The gateway answered that question and saved the index; this process has none in memory.
    clearMemoryCache();
    expect((await Storage.head(indexKey(ann.uid, projectId))).ContentLength).toBeGreaterThan(0);
    const cold = await as(() => loadProjectIndex(projectId));
    expect(cold).toMatchObject({ source: "storage", added: 0, removed: 0 });
    expect(cold.chunkCount).toBeGreaterThanOrEqual(2);
    expect((await as(() => loadProjectIndex(projectId))).source).toBe("memory");

    const agreement = documentIds["supply-agreement.txt"]!;
    expect((await call(ann, "DELETE", `/api/documents/${agreement}`)).status).toBe(200);
    const updated = await as(() => loadProjectIndex(projectId));
    expect(updated).toMatchObject({ source: "updated", added: 0, removed: 1, chunkCount: cold.chunkCount - 1 });
    await updated.saved;
    const hits = await as(() => Search.inProject(projectId, "Which state's law governs the supply agreement?"));
    expect(hits.hits.every((h) => h.documentId !== agreement)).toBe(true);
  });

  it("never searches another user's documents, even when called with their project's id", async () => {
    // Bob's project holds a supply agreement; Ann's search over that id finds nothing of it.
    const asAnn = <T>(work: () => Promise<T>) => Actor.provide({ userId: ann.uid }, work);
    const { hits, indexes } = await asAnn(() => Search.inProject(bobProject, "Which state's law governs the supply agreement?"));
    expect(hits).toEqual([]);
    expect(indexes[0]!.documents).toEqual([]);
    const asBob = <T>(work: () => Promise<T>) => Actor.provide({ userId: bob.uid }, work);
    const own = await asBob(() => Search.inProject(bobProject, "Which state's law governs the supply agreement?"));
    expect(own.hits[0]?.fileName).toBe("bob-agreement.txt");
  });
});

describe("all-projects chat", () => {
  let cy: TestUser;
  let projectId: number;

  beforeAll(async () => {
    cy = await signedInUser();
    ({ projectId } = await labelledProject(cy, ["riverside-specifications.pdf", "supply-agreement.txt"]));
  }, 120_000);

  it("answers across all the user's projects, citing the project, and keeps the history in 'All Projects Chat'", async () => {
    await addProject(cy, { name: "Second site" });
    const res = await call(cy, "POST", "/api/projects-chat", {
      message: "Which state's law governs the supply agreement?",
      userId: cy.uid,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.citations[0]).toMatchObject({ fileName: "supply-agreement.txt", projectId, projectName: "Riverside Warehouse" });
    expect(res.body.response).toContain("State of California");

    const list = await call(cy, "GET", `/api/projects-conversations?userId=${cy.uid}`);
    const chats = (list.body.conversations as { id: string; title: string; messageCount: number }[]).filter(
      (c) => c.title === "All Projects Chat",
    );
    expect(chats).toHaveLength(1);
    expect(chats[0]!.messageCount).toBe(2);
    const conversation = await call(cy, "GET", `/api/projects-conversations/${chats[0]!.id}?userId=${cy.uid}`);
    expect(conversation.body.messages.map((m: { type: string }) => m.type)).toEqual(["user", "ai"]);
    expect(conversation.body.messages[1].citations[0]).toMatchObject({ fileName: "supply-agreement.txt" });

    await call(cy, "POST", "/api/projects-chat", { message: "How many dock doors?", userId: cy.uid });
    const again = await call(cy, "GET", `/api/projects-conversations?userId=${cy.uid}`);
    const still = (again.body.conversations as { title: string; messageCount: number }[]).filter((c) => c.title === "All Projects Chat");
    expect(still).toHaveLength(1);
    expect(still[0]!.messageCount).toBe(4);
  });

  it("adopts an 'All Projects Chat' the client created, instead of making a second one", async () => {
    const dee = await signedInUser();
    const created = await call(dee, "POST", "/api/projects-conversations", { title: "All Projects Chat", userId: dee.uid });
    expect(created.status, created.text).toBeLessThan(300);
    const res = await call(dee, "POST", "/api/projects-chat", { message: "hello", userId: dee.uid });
    expect(res.status, res.text).toBe(200);
    expect(res.body.conversationId).toBe(created.body.id);
  });

  it("clearing the all-projects conversation empties its history; only its owner can, and the next question starts a new one", async () => {
    const [eve, mallory] = await Promise.all([signedInUser(), signedInUser()]);
    const first = await call(eve, "POST", "/api/projects-chat", { message: "What do my projects need?", userId: eve.uid });
    expect(first.status, first.text).toBe(200);
    const id = first.body.conversationId as string;

    const stranger = await call(mallory, "DELETE", `/api/projects-conversations/${id}?userId=${mallory.uid}`);
    expect(stranger.status).toBe(404);
    const kept = await call(eve, "GET", `/api/projects-conversations/${id}?userId=${eve.uid}`);
    expect(kept.body.messages).toHaveLength(2);

    const cleared = await call(eve, "DELETE", `/api/projects-conversations/${id}?userId=${eve.uid}`);
    expect(cleared.status, cleared.text).toBe(200);
    const list = await call(eve, "GET", `/api/projects-conversations?userId=${eve.uid}`);
    expect(list.body.conversations).toEqual([]);

    const next = await call(eve, "POST", "/api/projects-chat", { message: "Start over", userId: eve.uid });
    expect(next.status, next.text).toBe(200);
    expect(next.body.conversationId).not.toBe(id);
    const fresh = await call(eve, "GET", `/api/projects-conversations/${next.body.conversationId}?userId=${eve.uid}`);
    expect(fresh.body.messages.map((m: { content: string }) => m.content)[0]).toBe("Start over");
    expect(fresh.body.messages).toHaveLength(2);
  });
});
