import { describe, expect, it } from "vitest";
import { mailSettingsFor, siteUrlFor } from "./mail";

describe("the SES identity across stages of one account", () => {
  it("production creates the sender's domain identity; a developer's stage only refers to it", () => {
    const env = { MAIL_FROM: "Quorum <no-reply@example.com>" };
    expect(mailSettingsFor(env, "production")).toMatchObject({ identity: "example.com", ownsIdentity: true, from: env.MAIL_FROM });
    expect(mailSettingsFor(env, "alice")).toMatchObject({ identity: "example.com", ownsIdentity: false, ownerStage: "production" });
  });

  it("the owner stage is a setting, and the identity may be the single address", () => {
    const env = { MAIL_FROM: "ops@example.org", MAIL_IDENTITY: "address", MAIL_IDENTITY_STAGE: "staging" };
    expect(mailSettingsFor(env, "staging")).toMatchObject({ identity: "ops@example.org", ownsIdentity: true });
    expect(mailSettingsFor(env, "production").ownsIdentity).toBe(false);
  });

  it("without settings, the product's default sender", () => {
    expect(mailSettingsFor({}, "bob")).toMatchObject({ from: "Quorum <no-reply@quorum.app>", identity: "quorum.app", ownsIdentity: false });
  });
});

describe("where links in mails lead", () => {
  it("the deployer's SITE_URL, else the Router's address, for functions that mail, push or return from Stripe", () => {
    expect(siteUrlFor(["table", "mail"], undefined, "https://d1.cloudfront.net")).toBe("https://d1.cloudfront.net");
    expect(siteUrlFor(["stripe"], "https://app.example.com", "https://d1.cloudfront.net")).toBe("https://app.example.com");
    expect(siteUrlFor(["unsubscribe"], "", "https://d1.cloudfront.net")).toBe("https://d1.cloudfront.net");
    expect(siteUrlFor(["table"], "https://app.example.com", "https://d1.cloudfront.net")).toBeUndefined();
  });
});
