import { beforeAll, describe, expect, it } from "vitest";
import { addProject, call, labelledProject, signedInUser, type TestUser } from "@quorum/local/testing";
import { browserForTests, reviewShot } from "../shell/browser";

/**
 * A person asks about a project's documents in its chat (the offline model
 * answers, as in any stack without a model key), sees the cited answer, opens
 * the cited document, and finds the conversation again later; then asks across
 * all projects on /projects. The labelled project is shared; the test that finds
 * an earlier conversation asks it in a project of its own.
 */
describe("project chat in the browser", () => {
  const browser = browserForTests();
  let user: TestUser;
  let projectId: number;

  beforeAll(async () => {
    user = await signedInUser();
    ({ projectId } = await labelledProject(user));
  }, 240_000);

  it("asks a question offline and gets an answer that cites the document and page", { timeout: 90_000 }, async () => {
    const { page } = await browser.signedInAs(user, `/projects/${projectId}/chat`);
    await page.getByText("Start a conversation about this project").waitFor();
    const input = page.getByPlaceholder("Ask about project documents, quotes, requirements...");
    const send = page.getByRole("button", { name: "Send message" });
    expect(await send.isDisabled()).toBe(true);
    await input.fill("   ");
    expect(await send.isDisabled()).toBe(true);

    // Shift+Enter is a new line, not a send.
    await input.fill("What is the price of the pressure relief valve?");
    await input.press("Shift+Enter");
    expect(await input.inputValue()).toBe("What is the price of the pressure relief valve?\n");
    expect(await page.getByTestId("user-message").count()).toBe(0);

    await input.press("Enter");
    const question = page.getByTestId("user-message");
    await question.waitFor();
    expect(await question.textContent()).toContain("What is the price of the pressure relief valve?");
    const answer = page.getByTestId("ai-message").first();
    await answer.getByText("Offline model").waitFor({ timeout: 30_000 });
    await answer
      .getByText(/Pressure relief valve PRV-75/)
      .first()
      .waitFor();
    expect(await answer.locator("time").textContent()).toMatch(/^\d{1,2}:\d{2}/);
    expect(await input.inputValue()).toBe("");

    // The source opens the document in the app at its page, the cited passage marked; back returns to the chat.
    await answer.getByRole("button", { name: /pacific-quote\.pdf · p\. 1/ }).click();
    await page.getByRole("navigation", { name: "Pages" }).getByText("Page 1 of 1").waitFor();
    await page.getByTestId("viewer-highlight").waitFor();
    expect(new URL(page.url()).searchParams.get("lines")).toMatch(/^\d+-\d+$/);
    await reviewShot(page, "viewer-citation.png");
    await page.goBack();

    // The conversation was kept: a reload shows it again.
    await page.reload();
    await page.getByTestId("ai-message").first().getByText("Offline model").waitFor();
    expect(await page.getByTestId("user-message").count()).toBe(1);
  });

  it("finds an earlier conversation when it opens the chat again, and after a reload", { timeout: 60_000 }, async () => {
    const earlier = await addProject(user, { name: "Harbor Depot" });
    const asked = await call(user, "POST", `/api/projects/${earlier}/chat`, {
      message: "What is the address?",
      projectId: earlier,
      userId: user.uid,
    });
    expect(asked.status, asked.text).toBe(200);
    const { page } = await browser.signedInAs(user, `/projects/${earlier}/chat`);
    await page.getByTestId("user-message").getByText("What is the address?").waitFor();
    await page.getByTestId("ai-message").first().getByText("Offline model").waitFor();
    await page.reload();
    await page.getByTestId("ai-message").first().getByText("Offline model").waitFor();
    expect(await page.getByTestId("user-message").count()).toBe(1);
    expect(await page.getByTestId("ai-message").count()).toBe(1);
  });

  it(
    "past the day's questions it shows the server's refusal with the upgrade, under the question it refused",
    { timeout: 60_000 },
    async () => {
      const starter = await signedInUser();
      const own = await addProject(starter, { name: "Quarry Road" });
      for (let i = 0; i < 10; i++) {
        const asked = await call(starter, "POST", `/api/projects/${own}/chat`, { message: `Question ${i}`, projectId: own });
        expect(asked.status, asked.text).toBe(200);
      }
      const { page } = await browser.signedInAs(starter, `/projects/${own}/chat`);
      await page.getByPlaceholder("Ask about project documents, quotes, requirements...").fill("The eleventh question");
      await page.getByRole("button", { name: "Send message" }).click();
      const banner = page.getByTestId("limit-reached");
      await banner.getByText("Daily question limit reached").waitFor();
      await banner.getByText(/^You have used your 10 free questions for today\./).waitFor();
      await banner.getByRole("button", { name: "Upgrade to Professional" }).waitFor();
      await page.getByTestId("user-message").getByText("The eleventh question").waitFor();
    },
  );

  it("asks across all projects from the panel on /projects", { timeout: 90_000 }, async () => {
    const { page } = await browser.signedInAs(user, "/projects");
    const panel = page.getByRole("complementary", { name: "AI Chat - All Projects" });
    await panel.getByText("Ask about all your projects").waitFor();
    await panel.getByPlaceholder("Ask across all your projects...").fill("Which state's law governs the supply agreement?");
    await panel.getByRole("button", { name: "Send message" }).click();
    await panel.getByRole("button", { name: /Riverside Warehouse · supply-agreement\.txt · p\. 1/ }).waitFor({ timeout: 30_000 });
    await page.reload();
    await panel.getByTestId("ai-message").first().waitFor();
    expect(await panel.getByTestId("user-message").first().textContent()).toContain("Which state's law governs");
  });
});
