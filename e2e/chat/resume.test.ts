import { describe, expect, it } from "vitest";
import { openAiStreams, streamHold } from "@quorum/testing/fake-models";
import { reviewShot } from "../shell/browser";
import { openChat, withFakeGemini } from "./app";

/**
 * An answer survives a reload: the page comes back to the answer as far as it was
 * written and follows the rest live. Gemini is a fake that the test holds part-way
 * through its answer, so the reload happens mid-answer by construction, and lets go
 * only once the reloaded page shows the part written so far.
 */

const ANSWER = Array.from(
  { length: 12 },
  (_, i) => `Shipment ${i + 1} of the pumps leaves the Rotterdam warehouse on day ${i * 3 + 2}, and its valves follow by road.`,
).join(" ");
const QUESTION = "When do the pumps ship?";
/** The words the model writes before the test lets it go on. */
const HELD_AFTER = 30;
const writtenBeforeHold = ANSWER.split(" ").slice(0, HELD_AFTER).join(" ");

let hold = streamHold(HELD_AFTER);
const stack = withFakeGemini((call) => openAiStreams(ANSWER, { tokensPerSecond: 200, hold })(call));

describe("an answer that survives a reload", { timeout: 120_000 }, () => {
  it("reloading mid-answer shows what was written and follows the rest live, ending with the same text as an uninterrupted answer", async () => {
    const app = await openChat(stack.browser, { siteUrl: stack.site.url });
    const { page } = app;

    // Uninterrupted: the model writes the whole answer in one go.
    hold = streamHold(0);
    hold.letGo();
    await app.ask(QUESTION);
    const uninterrupted = (await (await app.answer(1)).getByTestId("answer-text").innerText()).trim();
    expect(uninterrupted.length).toBeGreaterThan(500);

    // Interrupted: a fresh chat, the model held part-way, the page reloaded.
    hold = streamHold(HELD_AFTER);
    await page.reload();
    await app.items.first().waitFor();
    await app.ask(QUESTION);
    await page.getByTestId("message-ai").last().getByText(writtenBeforeHold, { exact: false }).waitFor();
    await page.reload();
    // The newest conversation is the one being written.
    await app.items.first().click();
    const answer = page.getByTestId("message-ai").last();
    // Back as far as it was written, and still being written.
    await answer.getByText(writtenBeforeHold, { exact: false }).waitFor();
    expect(await answer.getAttribute("data-state")).toBe("streaming");
    await page.getByRole("button", { name: "Stop" }).waitFor();

    hold.letGo();
    await expect.poll(() => answer.getAttribute("data-state"), { timeout: 30_000 }).toBe("complete");
    const resumed = (await answer.getByTestId("answer-text").innerText()).trim();
    expect(resumed).toBe(uninterrupted);
    // Under the answer: its tokens and what they cost.
    expect(await answer.getByTestId("message-meta").innerText()).toMatch(/228 tokens \(12 in · 216 out\).*\$0\.00054 at list prices/s);
    await reviewShot(page, "resume.png");
    // Both answers, and only two questions: the reload asked nothing again.
    expect(await page.getByTestId("message-user").count()).toBe(1);
    await app.close();
  });
});
