import { describe, expect, it } from "vitest";
import { Actor } from "@quorum/core/actor";
import { SUPPORT_PER_ANONYMOUS_IP, SUPPORT_PER_USER } from "@quorum/core/ratelimit/index";
import { config } from "@quorum/core/config";
import { SupportRequestEntity } from "@quorum/core/support/entity";
import { Support } from "@quorum/core/support/index";
import { REFERENCE_PATTERN } from "@quorum/core/support/reference";
import { UserEntity } from "@quorum/core/user/entity";
import { call, callFrom, mailsTo, newLoopbackIp, signedInUser, verifyAddress, waitForMail } from "@quorum/local/testing";

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

  it("a user's requests past the limit answer 429 with Retry-After, even when sent at once, and are not stored", async () => {
    const user = await signedInUser();
    // From different networks: the limit is the user's.
    const results = await Promise.all(
      Array.from({ length: SUPPORT_PER_USER.max + 3 }, (_, i) =>
        callFrom(newLoopbackIp(), user, "POST", "/api/support", request({ subject: `Question ${i}` })),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(SUPPORT_PER_USER.max);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.body.error).toMatch(/^You have sent too many support requests\. Please try again in .+\.$/);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await Actor.provide({ userId: user.uid }, () => Support.listMine())).toHaveLength(SUPPORT_PER_USER.max);
  });

  it("signed-out visitors are limited per network", async () => {
    const ip = newLoopbackIp();
    for (let i = 0; i < SUPPORT_PER_ANONYMOUS_IP.max; i++) {
      expect((await callFrom(ip, undefined, "POST", "/api/support", request())).status).toBe(200);
    }
    const refused = await callFrom(ip, undefined, "POST", "/api/support", request());
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many support requests from your network\. Please try again in .+\.$/);
    expect((await callFrom(newLoopbackIp(), undefined, "POST", "/api/support", request())).status).toBe(200);
  });

  it("answers a short reference, mails the request to the support address and acknowledges it to the requester", async () => {
    const user = await signedInUser({ verified: true });
    const subject = `Export broken ${crypto.randomUUID().slice(0, 6)}`;
    const res = await call(user, "POST", "/api/support", request({ email: user.email, subject, message: "Steps: <b>click</b> Export" }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, prioritySupport: false, acknowledgedByEmail: true });
    expect(res.body.reference).toMatch(REFERENCE_PATTERN);

    const team = await waitForMail(config().SUPPORT_EMAIL, (m) => m.subject.includes(res.body.reference));
    expect(team.subject).toBe(`[Quorum Support] ${res.body.reference}: “${subject}”`);
    expect(team.replyTo).toBe(user.email);
    expect(team.text).toContain("Priority support: no (starter)");
    expect(team.text).toContain("Steps: <b>click</b> Export");
    expect(team.html).toContain("Steps: &lt;b&gt;click&lt;/b&gt; Export");

    const ack = await waitForMail(user.email);
    expect(ack.subject).toBe(`We received your request ${res.body.reference}`);
    expect(ack.text).toContain(`Your reference number is ${res.body.reference}.`);
  });

  it("a Professional user's request is marked priority, for the team and in the acknowledgement", async () => {
    const user = await signedInUser({ verified: true });
    await UserEntity.patch({ userId: user.uid }).set({ plan: "professional", planStatus: "active" }).go();
    const res = await call(user, "POST", "/api/support", request({ email: user.email }));
    expect(res.body.prioritySupport).toBe(true);
    const team = await waitForMail(config().SUPPORT_EMAIL, (m) => m.subject.includes(res.body.reference));
    expect(team.subject).toMatch(/^\[Quorum Support\] \[PRIORITY\] SR-/);
    expect(team.text).toContain("Priority support: yes (professional plan)");
    const ack = await waitForMail(user.email);
    expect(ack.text).toContain("Your plan includes priority support");
  });

  it("with the email switch off the team still gets the request, the user no mail", async () => {
    const user = await signedInUser({ verified: true });
    await call(user, "PUT", `/api/users/${user.uid}/settings`, { notifications: { email: false } });
    const res = await call(user, "POST", "/api/support", request({ email: user.email }));
    await waitForMail(config().SUPPORT_EMAIL, (m) => m.subject.includes(res.body.reference));
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it("a signed-out visitor is acknowledged on screen only: the address they name gets no mail", async () => {
    const email = `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await callFrom(newLoopbackIp(), undefined, "POST", "/api/support", request({ email, language: "es" }));
    expect(res.status).toBe(200);
    expect(res.body.acknowledgedByEmail).toBe(false);
    expect(res.body.reference).toMatch(REFERENCE_PATTERN);
    await waitForMail(config().SUPPORT_EMAIL, (m) => m.subject.includes(res.body.reference));
    expect(await mailsTo(email)).toEqual([]);
  });

  it("an account whose address is not verified is acknowledged on screen only; once verified, by mail too", async () => {
    const user = await signedInUser();
    const first = await call(user, "POST", "/api/support", request({ email: user.email }));
    expect(first.status).toBe(200);
    expect(first.body.acknowledgedByEmail).toBe(false);
    expect(first.body.reference).toMatch(REFERENCE_PATTERN);
    await waitForMail(config().SUPPORT_EMAIL, (m) => m.subject.includes(first.body.reference));
    expect(await mailsTo(user.email)).toEqual([]);

    // The owner opened the verification link: the next request's token says so.
    const verified = await verifyAddress(user);
    const second = await call(verified, "POST", "/api/support", request({ email: user.email }));
    await waitForMail(user.email, (m) => m.subject === `We received your request ${second.body.reference}`);
    expect((await mailsTo(user.email)).map((m) => m.subject)).toEqual([`We received your request ${second.body.reference}`]);
  });

  it("a signed-out visitor's sales request reaches the team; the address it names gets no mail", async () => {
    const email = `buyer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await callFrom(newLoopbackIp(), undefined, "POST", "/api/sales", {
      name: "Robin Lee",
      email,
      company: "Acme\r\nBcc: victim@example.com",
      teamSize: "51-200",
      message: "On-premise for 120 seats",
    });
    expect(res.status).toBe(200);
    const team = await waitForMail(config().SUPPORT_EMAIL, (m) => m.text.includes(`Email: ${email}`));
    expect(team.replyTo).toBe(email);
    expect(team.subject).toMatch(/: “Enterprise plan: Acme Bcc: victim@example\.com”$/);
    expect(await mailsTo(email)).toEqual([]);
  });

  it("a signed-in user's acknowledgement goes to their own address, not one named in the request", async () => {
    const user = await signedInUser({ verified: true });
    const other = `someone-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await call(user, "POST", "/api/support", request({ email: other }));
    expect((await waitForMail(user.email)).subject).toBe(`We received your request ${res.body.reference}`);
    expect(await mailsTo(other)).toEqual([]);
  });

  it("a user's text in a subject is one line, cut and quoted", async () => {
    const user = await signedInUser();
    const subject = `Line one\r\nBcc: victim@example.com ${"x".repeat(200)}`;
    const res = await call(user, "POST", "/api/support", request({ email: user.email, subject }));
    const team = await waitForMail(config().SUPPORT_EMAIL, (m) => m.subject.includes(res.body.reference));
    expect(team.subject).not.toMatch(/[\r\n]/);
    expect(team.subject).toMatch(/: “Line one Bcc: victim@example\.com x+…”$/);
    expect(team.subject.length).toBeLessThan(120);
  });
});
