/**
 * One way for tests to get what they stand on: a project, a project holding documents the
 * pipeline has read, a customer with its contact, a chat with history, a paid plan. Each
 * builder goes through the real API (or core, for history too long to type) as the user it
 * is given, so tests that make their own user never see each other's data.
 */
import { expect } from "vitest";
import { Actor } from "@quorum/core/actor";
import { ChatHistory, type Scope } from "@quorum/core/project-chat/history";
import { projectDocuments, type FixtureDocument } from "@quorum/testing/project-documents";
import { call, type TestUser } from "./calls";

/** Pays for Professional through the test-mode card form, as the payment modal does (local test provider). */
export async function becomeProfessional(user: TestUser) {
  const intent = await call(user, "POST", "/api/create-payment-intent", { amount: 50 });
  if (intent.status !== 200) throw new Error(`create-payment-intent answered ${intent.status}: ${intent.text}`);
  const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: "123" };
  const paid = await call(user, "POST", `/api/test-payments/${intent.body.paymentIntentId}/confirm`, {
    clientSecret: intent.body.clientSecret,
    card,
  });
  if (paid.status !== 200) throw new Error(`the test card was refused (${paid.status}): ${paid.text}`);
}

/** A new project of `user` (Riverside Warehouse unless told otherwise); answers its id. */
export async function addProject(user: TestUser, body: Record<string, unknown> = { name: "Riverside Warehouse" }) {
  const res = await call(user, "POST", "/api/projects", body);
  expect(res.status, res.text).toBe(201);
  return res.body.project.id as number;
}

/** A document as the upload form sends it. */
export type UploadedFile = Pick<FixtureDocument, "fileName" | "contentType" | "category">;

/** The spec's multipart upload (the file within the gateway's limit). */
export async function uploadDocument(user: TestUser, projectId: number, doc: UploadedFile, data: Buffer) {
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

/**
 * A new project holding one uploaded file; with `completed`, the pipeline has read it
 * by the time this returns.
 */
export async function projectWithDocument(
  user: TestUser,
  file: UploadedFile & { data: Buffer },
  options: { project?: Record<string, unknown>; completed?: boolean } = {},
) {
  const projectId = await addProject(user, options.project);
  const documentId = await uploadDocument(user, projectId, file, file.data);
  if (options.completed) await waitCompleted(user, projectId, [documentId]);
  return { projectId, documentId };
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

/** The customer `customerWithContact` keeps, and its contact. */
export const ACME = { customer: "Acme Steel", contact: "Jane Doe" } as const;

/** A customer (Acme Steel: construction, Net 30, $50,000 credit, tax exempt) with its buyer Jane Doe. */
export async function customerWithContact(user: TestUser) {
  const customer = await call(user, "POST", "/api/customers", {
    companyName: ACME.customer,
    industry: "Construction",
    website: "acme.example",
    paymentTerms: "Net 30",
    creditLimit: "50000",
    taxExempt: "yes",
  });
  expect(customer.status, customer.text).toBe(201);
  const customerId = customer.body.customer.id as number;
  const contact = await call(user, "POST", "/api/contacts", {
    customerId,
    firstName: "Jane",
    lastName: "Doe",
    email: "jane@acme.example",
    title: "Buyer",
    department: "Purchasing",
  });
  expect(contact.status, contact.text).toBe(201);
  return { customerId, contactId: contact.body.contact.id as number };
}

/** Links a project to a customer and contact (and sets its other fields) as Edit Project saves it. */
export async function editProject(user: TestUser, projectId: number, fields: Record<string, unknown>) {
  const res = await call(user, "PUT", `/api/projects/${projectId}`, fields);
  expect(res.status, res.text).toBe(200);
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
