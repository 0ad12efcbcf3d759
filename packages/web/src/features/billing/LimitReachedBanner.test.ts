import { describe, expect, it } from "vitest";
import { limitBanner } from "./LimitReachedBanner";

describe("the limit banner", () => {
  const error = "The server's sentence, shown as is.";

  it("names the day's questions, and offers the upgrade when the server says it lifts the limit", () => {
    expect(limitBanner({ error, limit: { meter: "questions", upgrade: true } })).toEqual({
      title: "Daily question limit reached",
      upgrade: true,
    });
  });

  it("names any other plan limit as such, and offers no upgrade to a plan it would not help", () => {
    expect(limitBanner({ error, limit: { meter: "attachmentAnalyses", upgrade: true } })).toEqual({
      title: "Plan limit reached",
      upgrade: true,
    });
    expect(limitBanner({ error, limit: { meter: "attachmentAnalyses", upgrade: false } })).toEqual({
      title: "Plan limit reached",
      upgrade: false,
    });
  });

  it("offers no upgrade for a 429 that names no plan limit (too many requests at once)", () => {
    expect(limitBanner({ error })).toEqual({ title: "Plan limit reached", upgrade: false });
  });
});
