import { expect } from "vitest";
import { Actor } from "@quorum/core/actor";
import { ChatHistory, type Scope } from "@quorum/core/project-chat/history";
import { projectDocuments, type FixtureDocument } from "@quorum/testing/project-documents";
import { call, type TestUser } from "@quorum/local/testing";

/**
 * What the project chat and quotes tests share: a project filled with the
 * labelled fixture documents through the real documents API and the local
 * pipeline, waiting until each is 'completed'.
 */

export async function addProject(user: TestUser, body: Record<string, unknown> = { name: "Riverside Warehouse" }) {
  const res = await call(user, "POST", "/api/projects", body);
  expect(res.status, res.text).toBe(201);
  return res.body.project.id as number;
}

/** The spec's multipart upload (the file within the gateway's limit). */
export async function uploadDocument(
  user: TestUser,
  projectId: number,
  doc: Pick<FixtureDocument, "fileName" | "contentType" | "category">,
  data: Buffer,
) {
  const form = new FormData();
  form.append("userId", user.uid);
  form.append("projectId", String(projectId));
  form.append("documentCategory", doc.category);
  form.append("document", new Blob([new Uint8Array(data)], { type: doc.contentType }), doc.fileName);
  const res = await call(user, "POST", "/api/upload-document", form);
  expect(res.status, res.text).toBe(200);
  return res.body.document.id as number;
}

/** Polls the documents list until every one of `ids` is completed (or fails the test). */
export async function waitCompleted(user: TestUser, projectId: number, ids: number[], timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(user, "GET", `/api/projects/${projectId}/documents`);
    expect(res.status, res.text).toBe(200);
    const docs = (res.body.documents as { id: number; processingStatus: string; failureReason: string | null; fileName: string }[]).filter(
      (d) => ids.includes(d.id),
    );
    const failed = docs.find((d) => d.processingStatus === "failed");
    if (failed) throw new Error(`${failed.fileName} failed: ${failed.failureReason}`);
    if (docs.length === ids.length && docs.every((d) => d.processingStatus === "completed")) return docs;
    if (Date.now() > deadline) throw new Error(`documents still processing after ${timeoutMs} ms: ${JSON.stringify(docs)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A project holding the labelled documents (two vendor quotes, a specification, an agreement), all processed. */
export async function labelledProject(user: TestUser, names = projectDocuments().map((d) => d.fileName)) {
  const projectId = await addProject(user);
  const ids: Record<string, number> = {};
  for (const doc of projectDocuments().filter((d) => names.includes(d.fileName))) {
    ids[doc.fileName] = await uploadDocument(user, projectId, doc, doc.build());
  }
  await waitCompleted(user, projectId, Object.values(ids));
  return { projectId, documentIds: ids };
}

/**
 * A chat as if `count` messages ("Message 0", "Message 1", ...) had been exchanged in
 * it, written straight through core; answers the conversation's id.
 */
export async function seedChat(user: TestUser, scope: Scope, count: number) {
  return Actor.provide({ userId: user.uid }, async () => {
    const { id } = await ChatHistory.ensure(scope);
    const messages = Array.from({ length: count }, (_, i) => ({
      id: `m${String(i).padStart(5, "0")}`,
      type: i % 2 ? ("ai" as const) : ("user" as const),
      content: `Message ${i}`,
      timestamp: new Date(1_700_000_000_000 + i * 60_000).toISOString(),
    }));
    // One append takes at most 100 messages.
    for (let i = 0; i < count; i += 100) await ChatHistory.append(id, messages.slice(i, i + 100));
    return id;
  });
}
