import { describe, expect, it } from "vitest";
import { openAiStreams, type FakeCall } from "@quorum/testing/fake-models";
import { reviewShot } from "../shell/browser";
import { openChat, withFakeGemini } from "./app";

/**
 * A person edits a question: the first version and its answer stay, ‹ 1/2 › and
 * ‹ 2/2 › move between them, the choice survives a reload, and an answer written
 * again sits beside the first. Gemini is a fake that answers by repeating the
 * question, so each version's answer is recognisable.
 */

const FIRST = "When do the pumps ship?";
const EDITED = "When do the valves ship?";
const answerTo = (question: string) => `Answer to: ${question}`;

function lastQuestion(call: FakeCall): string {
  const messages = (call.body?.messages ?? []) as { role: string; content: unknown }[];
  const last = messages.filter((m) => m.role === "user").at(-1)?.content;
  return typeof last === "string" ? last : JSON.stringify(last);
}

const stack = withFakeGemini(openAiStreams((call) => answerTo(lastQuestion(call)), { tokensPerSecond: 400 }));

describe("edit and regenerate with branches", { timeout: 120_000 }, () => {
  it("an edited question keeps the first version: ‹ 2/2 ›, back to ‹ 1/2 › with its own answer, kept across a reload", async () => {
    const app = await openChat(stack.browser, { siteUrl: stack.site.url });
    const { page } = app;
    const question = page.getByTestId("message-user");
    const answer = page.getByTestId("message-ai");

    await app.ask(FIRST);
    await (await app.answer(1)).getByText(answerTo(FIRST)).waitFor();
    // A one-version message shows no ‹ n/m ›.
    expect(await page.getByTestId("version-switch").count()).toBe(0);

    await question.getByRole("button", { name: "Edit question" }).click();
    const box = page.getByRole("textbox", { name: "Your question" });
    await box.fill(EDITED);
    await reviewShot(page, "branches-editing.png");
    await page.getByRole("button", { name: "Save and ask" }).click();
    await answer.getByText(answerTo(EDITED)).waitFor();
    await expect.poll(() => answer.getAttribute("data-state")).toBe("complete");
    await question.getByTestId("version-position").getByText("2/2").waitFor();
    expect(await question.locator("p").innerText()).toBe(EDITED);
    // One question and one answer shown: the first version is beside this one, not below it.
    expect([await question.count(), await answer.count()]).toEqual([1, 1]);
    await reviewShot(page, "branches-edited.png");

    await question.getByRole("button", { name: "Previous version" }).click();
    await question.getByTestId("version-position").getByText("1/2").waitFor();
    await answer.getByText(answerTo(FIRST)).waitFor();
    expect(await question.locator("p").innerText()).toBe(FIRST);

    // The choice is the server's: a reload shows the first version again.
    await page.reload();
    await app.items.first().click();
    await answer.getByText(answerTo(FIRST)).waitFor();
    await question.getByTestId("version-position").getByText("1/2").waitFor();

    // The answer written again stays beside the first one.
    await answer.getByTestId("regenerate").click();
    await reviewShot(page, "branches-regenerate-menu.png");
    await page.getByRole("option", { name: "Gemini (same model)" }).click();
    await answer.getByTestId("version-position").getByText("2/2").waitFor();
    await expect.poll(() => answer.getAttribute("data-state")).toBe("complete");
    await answer.getByText(answerTo(FIRST)).waitFor();
    await reviewShot(page, "branches-regenerated.png");
    await app.close();
  });

  it("a search hit on a version not shown opens the conversation on that version's branch, the message marked", async () => {
    const app = await openChat(stack.browser, { siteUrl: stack.site.url });
    const { page } = app;
    const question = page.getByTestId("message-user");
    await app.ask(FIRST);
    await (await app.answer(1)).getByText(answerTo(FIRST)).waitFor();
    await question.getByRole("button", { name: "Edit question" }).click();
    await page.getByRole("textbox", { name: "Your question" }).fill(EDITED);
    await page.getByRole("button", { name: "Save and ask" }).click();
    await question.getByTestId("version-position").getByText("2/2").waitFor();
    await expect.poll(() => page.getByTestId("message-ai").getAttribute("data-state")).toBe("complete");

    // "pumps" is only in the first version, which is not shown.
    await app.searchReady();
    await page.locator("body").press("Control+k");
    const box = page.getByRole("dialog").getByRole("combobox");
    await box.pressSequentially("pumps");
    await page.getByRole("dialog").getByRole("option").first().waitFor();
    await box.press("Enter");
    const opened = page.locator("[data-opened]");
    await opened.getByText("pumps", { exact: false }).waitFor();
    await question.getByTestId("version-position").getByText("1/2").waitFor();
    await app.close();
  });
});
