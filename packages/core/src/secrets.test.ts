import { afterEach, describe, expect, it } from "vitest";
import { config, resetConfig } from "./config";
import { linkedSecretSettings } from "./secrets";

describe("linked secrets", () => {
  afterEach(() => {
    delete process.env.BEDROCK_ENABLED;
    resetConfig();
  });

  it("fill the settings they are linked for, and nothing else", () => {
    const linked = { StripeSecretKey: { value: "sk_test_linked" }, BedrockEnabled: { value: "true" }, Table: { name: "t" } };
    expect(linkedSecretSettings(linked)).toEqual({ STRIPE_SECRET_KEY: "sk_test_linked", BEDROCK_ENABLED: "true" });
  });

  it("are absent locally, where nothing is linked", () => {
    expect(linkedSecretSettings()).toEqual({});
  });

  it("a bad value is reported by name, never by value", () => {
    process.env.BEDROCK_ENABLED = "sk-live-do-not-print";
    resetConfig();
    expect(() => config()).toThrow(/BEDROCK_ENABLED/);
    expect(() => config()).not.toThrow(/do-not-print/);
  });
});
