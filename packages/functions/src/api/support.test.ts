import { describe, expect, it } from "vitest";
import { Actor } from "@quorum/core/actor";
import { Support, SupportRequestEntity } from "@quorum/core/support/index";
import { call, signedInUser } from "@quorum/local/testing";

const request = (overrides: Record<string, unknown> = {}) => ({
  name: "Ann Lee",
  email: "ann@example.com",
  subject: "Cannot export",
  category: "bug",
  priority: "high",
  message: "The export button does nothing. Error: 500",
  userAgent: "Mozilla/5.0 test",
  timestamp: new Date().toISOString(),
  ...overrides,
});

describe("support requests", () => {
  it("a signed-in user's request is stored with their id, user agent and timestamp", async () => {
    const user = await signedInUser();
    const res = await call(user, "POST", "/api/support", request({ userId: user.uid }));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const mine = await Actor.provide({ userId: user.uid }, () => Support.listMine());
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      userId: user.uid,
      subject: "Cannot export",
      category: "bug",
      priority: "high",
      userAgent: "Mozilla/5.0 test",
      status: "open",
    });
    expect(mine[0]!.requestId).toBe(res.body.id);
  });

  it("a signed-out visitor's request is kept too, as anonymous", async () => {
    const res = await call(
      undefined,
      "POST",
      "/api/support",
      request({ subject: "Anonymous question", category: undefined, priority: undefined }),
    );
    expect(res.status).toBe(200);
    const stored = await SupportRequestEntity.get({ requestId: res.body.id }).go();
    expect(stored.data).toMatchObject({ userId: "anonymous", category: "general", priority: "medium" });
  });

  it("missing required fields answer 400 with a message and store nothing", async () => {
    const user = await signedInUser();
    const res = await call(user, "POST", "/api/support", request({ subject: "  " }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Subject is required");
    const bad = await call(user, "POST", "/api/support", request({ category: "sales" }));
    expect(bad.status).toBe(400);
    expect(await Actor.provide({ userId: user.uid }, () => Support.listMine())).toHaveLength(0);
  });

  it("a request cannot be filed in another user's name", async () => {
    const [ann, bob] = await Promise.all([signedInUser(), signedInUser()]);
    const res = await call(bob, "POST", "/api/support", request({ userId: ann.uid }));
    expect(res.status).toBe(403);
  });
});
