import { describe, expect, it } from "vitest";
import { limitBanner } from "./LimitReachedBanner";

describe("the limit banner", () => {
  it("names the day's questions, and offers the upgrade the sentence offers", () => {
    expect(
      limitBanner(
        "You have used your 10 free questions for today. The limit resets at 00:00 UTC (in 3 h). Upgrade to Professional for unlimited questions.",
      ),
    ).toEqual({ title: "Daily question limit reached", upgrade: true });
  });

  it("names any other plan limit as such, and offers no upgrade to a plan that has one", () => {
    expect(
      limitBanner(
        "You've reached today's 20 attachment analyses on the Starter plan. The limit resets at midnight UTC (in 2 h); upgrade to Professional for more.",
      ),
    ).toEqual({
      title: "Plan limit reached",
      upgrade: true,
    });
    expect(
      limitBanner(
        "You've reached today's 300 attachment analyses on the Professional plan. The limit resets at midnight UTC (in 2 h); Enterprise plans are sized to your needs: contact sales for more.",
      ),
    ).toEqual({ title: "Plan limit reached", upgrade: false });
  });
});
