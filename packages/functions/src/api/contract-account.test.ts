import { beforeAll, describe, expect, it } from "vitest";
import { HealthReport } from "@quorum/core/health/schema";
import { InApp } from "@quorum/core/notify/inbox";
import { becomeProfessional, call, signedInUser, type TestUser } from "@quorum/local/testing";
import { answers } from "./contract-answers";

// The smallest valid PNG (1x1 transparent pixel).
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

describe("the route table's output schemas describe what the account routes answer", () => {
  let ann: TestUser;
  beforeAll(async () => {
    ann = await signedInUser();
  });

  it("health, to a signed-in caller and to anyone", async () => {
    const report = await answers(ann, "GET /api/health", "/api/health");
    expect(report.services).toBeDefined();
    expect(HealthReport.safeParse((await call(undefined, "GET", "/api/health")).body).success).toBe(true);
  });

  it("profile, company logo and settings", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "logo.png");
    form.append("category", "company-logo");
    const logo = await answers(ann, "POST /api/upload", "/api/upload", form);
    await answers(ann, "PUT /api/users/{uid}", `/api/users/${ann.uid}`, {
      firstName: "Ann",
      companyLogo: logo.filePath,
      salesforceInstanceUrl: "https://acme.my.salesforce.com",
      salesforceSecurityToken: "secret",
    });
    const profile = await answers(ann, "GET /api/users/{uid}", `/api/users/${ann.uid}`);
    expect(profile.companyLogo).toMatch(/^http/);

    await answers(ann, "GET /api/users/{uid}/settings", `/api/users/${ann.uid}/settings`);
    await answers(ann, "PUT /api/users/{uid}/settings", `/api/users/${ann.uid}/settings`, {
      notifications: { email: false },
      preferences: { language: "fr" },
    });
  });

  it("a paying account's profile, with its subscription", async () => {
    const payer = await signedInUser();
    await becomeProfessional(payer);
    const profile = await answers(payer, "GET /api/users/{uid}", `/api/users/${payer.uid}`);
    expect(profile).toMatchObject({ plan: "professional", planStatus: "active" });
  });

  it("support and sales requests", async () => {
    await answers(ann, "POST /api/support", "/api/support", {
      name: "Ann",
      email: ann.email,
      subject: "Upload fails",
      category: "bug",
      message: "The button does nothing.",
    });
    await answers(ann, "POST /api/sales", "/api/sales", {
      name: "Ann",
      email: ann.email,
      company: "Acme",
      teamSize: "11-50",
      message: "We would like Enterprise.",
    });
  });

  it("in-app notifications and Web Push subscriptions", async () => {
    const { now } = await answers(ann, "GET /api/notifications", "/api/notifications");
    await InApp.record(ann.uid, { kind: "answer-ready", conversationId: "c1", listType: "general", title: "Quotes" });
    const later = await answers(ann, "GET /api/notifications", `/api/notifications?since=${encodeURIComponent(now)}`);
    expect(later.notifications).toHaveLength(1);

    await answers(ann, "GET /api/notify/push/key", "/api/notify/push/key");
    const endpoint = "https://fcm.googleapis.com/fcm/send/contract-account";
    await answers(ann, "POST /api/notify/push/subscriptions", "/api/notify/push/subscriptions", {
      endpoint,
      keys: {
        p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
        auth: "tBHItJI5svbpez7KI4CCXg",
      },
    });
    await answers(ann, "DELETE /api/notify/push/subscriptions", "/api/notify/push/subscriptions", { endpoint });
  });
});
