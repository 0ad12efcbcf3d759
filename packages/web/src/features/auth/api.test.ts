import { describe, expect, it } from "vitest";
import { trialEndFor } from "./api";
import { greetingName } from "./context";

describe("sign-up registration", () => {
  it("gives the professional plan a 30-day trial and the others none", () => {
    expect(trialEndFor("professional", 1_000)).toBe(1_000 + 2_592_000_000);
    expect(trialEndFor("starter", 1_000)).toBeNull();
    expect(trialEndFor("enterprise", 1_000)).toBeNull();
  });
});

describe("the header greeting", () => {
  it("prefers the display name, then the email's local part, then 'User'", () => {
    expect(greetingName({ displayName: "Ada Lovelace", email: "ada@example.com" })).toBe("Ada Lovelace");
    expect(greetingName({ displayName: null, email: "ada@example.com" })).toBe("ada");
    expect(greetingName({ displayName: null, email: null })).toBe("User");
    expect(greetingName(null)).toBe("User");
  });
});
