import { beforeAll, describe, expect, it } from "vitest";
import { labelledProject, signedInUser, type TestUser } from "@quorum/local/testing";
import { answers } from "./contract-answers";

describe("the route table's output schemas describe what the project chats and quotes answer", () => {
  let ann: TestUser;
  let projectId: number;
  beforeAll(async () => {
    ann = await signedInUser();
    ({ projectId } = await labelledProject(ann, ["acme-quote.pdf"]));
  }, 180_000);

  it("project chat and the all-projects chat", async () => {
    const path = `/api/projects/${projectId}/conversation`;
    const before = await answers(ann, "GET /api/projects/{id}/conversation", path);
    expect(before.conversationId).toBeNull();

    const reply = await answers(ann, "POST /api/projects/{id}/chat", `/api/projects/${projectId}/chat`, {
      message: "What is the total of the Acme quote?",
      projectId,
      userId: ann.uid,
    });
    expect(reply.citations.length).toBeGreaterThan(0);
    const after = await answers(ann, "GET /api/projects/{id}/conversation", `${path}?limit=1`);
    expect(after.messages).toHaveLength(1);

    await answers(ann, "POST /api/projects-chat", "/api/projects-chat", { message: "Which projects do I have?", userId: ann.uid });
  });

  it("the quotes list and a correction", async () => {
    const { quotes } = await answers(ann, "GET /api/projects/{id}/quotes", `/api/projects/${projectId}/quotes`);
    const [quote] = quotes;
    const { quote: corrected } = await answers(ann, "PUT /api/quotes/{id}", `/api/quotes/${quote.id}`, {
      total: 2300,
      version: quote.version,
    });
    expect(corrected).toMatchObject({ total: 2300, edited: true, correctedFields: ["total"] });
  });
});
