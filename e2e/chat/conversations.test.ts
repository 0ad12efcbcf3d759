import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { call, launchBrowser, type TestUser } from "@quorum/local/testing";
import { openChat } from "./app";

/**
 * A person keeps conversations in the sidebar: starts one, sees it titled,
 * renames it inline, opens an older one, deletes one, and clears the chat.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const list = async (user: TestUser) =>
  (await call(user, "GET", `/api/conversations?userId=${user.uid}`)).body.conversations as { id: string; title: string }[];

async function seed(user: TestUser, title: string, messages: { type: "user" | "ai"; content: string }[]) {
  const res = await call(user, "POST", "/api/conversations", {
    title,
    userId: user.uid,
    messages: messages.map((m, i) => ({
      id: String(1700000000000 + i),
      ...m,
      timestamp: new Date(1700000000000 + i * 1000).toISOString(),
    })),
  });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

describe("the conversation sidebar", { timeout: 120_000 }, () => {
  it("a new conversation appears, then takes the generated title after its first question", async () => {
    const app = await openChat(browser);
    const { page } = app;
    await page.getByText("0 conversations", { exact: true }).waitFor();
    await page.getByRole("button", { name: "New conversation" }).click();
    // The first conversation write of a fresh stack also loads its handler: allow for a slow machine.
    await app.item("New Conversation").waitFor({ timeout: 45_000 });
    await page.getByText("1 conversation", { exact: true }).waitFor();
    await app.item("New Conversation").getByText("No messages yet").waitFor();

    const question = "Compare three suppliers for steel beams in Leeds. Which is cheapest?";
    const expected = (await call(app.user, "POST", "/api/chat/generate-title", { message: question, userId: app.user.uid })).body.title;
    expect(expected).toBeTruthy();
    expect(expected).not.toBe("New Conversation");
    await app.ask(question);
    await app.answer(1);
    await app.item(expected).waitFor({ timeout: 30_000 });
    // Still one conversation: the answer went into the one that was open.
    await page.getByText("1 conversation", { exact: true }).waitFor();
    const [saved] = await list(app.user);
    expect(saved!.title).toBe(expected);
    await app.close();
  });

  it("selecting a conversation loads its messages; items show a preview and the created date", async () => {
    const app = await openChat(browser);
    const { page } = app;
    const long = "The delivery schedule moves the first batch to March and the second batch to the end of April.";
    await seed(app.user, "Delivery plan", [
      { type: "user", content: "When do the beams arrive?" },
      { type: "ai", content: long },
    ]);
    await seed(app.user, "", []);
    await page.reload();
    await app.item("Delivery plan").waitFor();
    await app
      .item("Delivery plan")
      .getByText(`${long.slice(0, 50)}...`)
      .waitFor();
    await app.item("Untitled Conversation").getByText("No messages yet").waitFor();
    await page.getByText("2 conversations", { exact: true }).waitFor();
    expect(await app.item("Delivery plan").textContent()).toMatch(/\d{4}/);

    await app
      .item("Delivery plan")
      .getByRole("button", { name: /^Delivery plan/ })
      .click();
    await page.getByTestId("message-user").getByText("When do the beams arrive?").waitFor();
    await page.getByTestId("message-ai").getByText(long).waitFor();
    await app.close();
  });

  it("rename saves on Enter or blur, ignores a blank title, and Escape cancels", async () => {
    const app = await openChat(browser);
    const { page } = app;
    await seed(app.user, "Old name", [{ type: "user", content: "hi" }]);
    await page.reload();
    const rename = async (from: string) => {
      await app.item(from).hover();
      await page.getByRole("button", { name: `Rename ${from}` }).click();
      return page.getByLabel("Conversation title");
    };

    let input = await rename("Old name");
    await input.fill("Site visit notes");
    await input.press("Enter");
    await app.item("Site visit notes").waitFor();
    await expect.poll(async () => (await list(app.user))[0]!.title).toBe("Site visit notes");

    input = await rename("Site visit notes");
    await input.fill("Never saved");
    await input.press("Escape");
    await app.item("Site visit notes").waitFor();

    input = await rename("Site visit notes");
    await input.fill("   ");
    await input.press("Enter");
    await app.item("Site visit notes").waitFor();

    input = await rename("Site visit notes");
    await input.fill("Saved on blur");
    await page.getByRole("heading", { name: "Quorum Chat", exact: true }).click();
    await app.item("Saved on blur").waitFor();
    await expect.poll(async () => (await list(app.user))[0]!.title).toBe("Saved on blur");
    await app.close();
  });

  it("deleting asks first; deleting the open conversation clears the chat", async () => {
    const app = await openChat(browser);
    const { page } = app;
    await seed(app.user, "Keep me", [{ type: "user", content: "keep" }]);
    await seed(app.user, "Remove me", [{ type: "user", content: "remove this one" }]);
    await page.reload();
    await app
      .item("Remove me")
      .getByRole("button", { name: /^Remove me/ })
      .click();
    await page.getByTestId("message-user").getByText("remove this one").waitFor();

    await app.item("Remove me").hover();
    await page.getByRole("button", { name: "Delete Remove me" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete Conversation" });
    await dialog
      .getByText(
        "Are you sure you want to delete the conversation? This action cannot be undone and all messages will be permanently removed.",
      )
      .waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await app.item("Remove me").waitFor();
    expect(await list(app.user)).toHaveLength(2);

    await app.item("Remove me").hover();
    await page.getByRole("button", { name: "Delete Remove me" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await app.item("Remove me").waitFor({ state: "detached" });
    await page.getByText("1 conversation", { exact: true }).waitFor();
    await page.getByTestId("chat-welcome").waitFor();
    expect((await list(app.user)).map((c) => c.title)).toEqual(["Keep me"]);
    await app.close();
  });

  it("Clear Chat asks, then deletes the open conversation; on a fresh chat it only resets", async () => {
    const app = await openChat(browser);
    const { page } = app;
    const deletes: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "DELETE") deletes.push(request.url());
    });

    // A fresh chat: nothing saved yet, so nothing to delete.
    await app.box.fill("draft only");
    await page.route("**/api/chat", (route) => route.fulfill({ status: 503, body: "down" }));
    await app.box.press("Enter");
    await page.getByText("Unable to get response. Please try again.").waitFor();
    await page.unroute("**/api/chat");
    await page.getByRole("button", { name: "Clear Chat" }).click();
    await page.getByTestId("chat-welcome").waitFor();
    expect(await page.getByText("Unable to get response. Please try again.").count()).toBe(0);
    expect(deletes).toEqual([]);

    // An answered question is a conversation: Clear Chat deletes it on the server.
    await app.ask("Plan the site visit");
    await app.answer(1);
    await app.item("Plan the site visit").waitFor();
    const [conversation] = await list(app.user);
    // Cancel keeps it.
    await page.getByRole("button", { name: "Clear Chat" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Clear Chat" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await page.getByTestId("message-user").getByText("Plan the site visit").waitFor();
    expect(deletes).toEqual([]);
    expect(await list(app.user)).toHaveLength(1);
    // Confirming deletes it.
    await page.getByRole("button", { name: "Clear Chat" }).click();
    await confirm.getByRole("button", { name: "Clear Chat" }).click();
    await page.getByTestId("chat-welcome").waitFor();
    await app.item("Plan the site visit").waitFor({ state: "detached" });
    expect(deletes.some((url) => url.includes(`/api/conversations/${conversation!.id}`))).toBe(true);
    expect(await list(app.user)).toHaveLength(0);

    // The next answer starts a new conversation with a new session.
    await app.ask("Start again");
    await app.answer(1);
    await app.item("Start again").waitFor();
    const [next] = await list(app.user);
    expect(next!.id).not.toBe(conversation!.id);
    await app.close();
  });

  it("a failed clear says so and keeps the conversation", async () => {
    const app = await openChat(browser);
    const { page } = app;
    await app.ask("Keep this please");
    await app.answer(1);
    await app.item("Keep this please").waitFor();
    await page.route("**/api/conversations/*", (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "nope" }) : route.continue(),
    );
    await page.getByRole("button", { name: "Clear Chat" }).click();
    await page.getByRole("alertdialog", { name: "Clear Chat" }).getByRole("button", { name: "Clear Chat" }).click();
    await page.getByText("Failed to clear chat. Please try again.").waitFor();
    await page.getByTestId("message-user").getByText("Keep this please").waitFor();
    expect(await list(app.user)).toHaveLength(1);
    await app.close();
  });
});
