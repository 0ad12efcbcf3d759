import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { call, launchBrowser, type TestUser } from "@quorum/local/testing";
import { reviewShot } from "../shell/browser";
import { openChat } from "./app";

/**
 * A person with a long conversation sees its latest messages first and older ones
 * as they scroll up; a save from a tab that fell behind is reloaded and retried;
 * attachments say their limit, and a large one travels through S3.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const MB = 1024 * 1024;

const message = (i: number, content = i % 2 ? `Answer number ${i}` : `Question number ${i}`) => ({
  id: String(1700000000000 + i),
  type: i % 2 ? "ai" : "user",
  content,
  timestamp: new Date(1700000000000 + i * 60_000).toISOString(),
});

async function seed(user: TestUser, title: string, count: number) {
  const res = await call(user, "POST", "/api/conversations", {
    title,
    userId: user.uid,
    messages: Array.from({ length: count }, (_, i) => message(i)),
  });
  expect(res.status).toBe(200);
  return res.body.id as string;
}

describe("limits in the chat", { timeout: 180_000 }, () => {
  it("a long conversation opens at its latest page and loads older pages on scroll up", async () => {
    const app = await openChat(browser);
    const { page } = app;
    await seed(app.user, "Long history", 130);
    const reads: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "GET" && /\/api\/conversations\/[^/?]+\?/.test(r.url())) reads.push(new URL(r.url()).search);
    });
    await page.reload();
    await app.item("Long history").click();
    const shown = page.getByTestId("chat-messages");
    await shown.getByText("Answer number 129").waitFor();
    const bubbles = page.getByRole("list", { name: "Messages" }).getByRole("listitem");
    expect(await bubbles.count()).toBe(50);
    expect(await shown.getByText("Question number 0", { exact: true }).count()).toBe(0);

    await page.getByTestId("chat-messages").evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => bubbles.count()).toBe(100);
    // The view stays where the reader was: the first message shown before is still near the top.
    await page.getByTestId("chat-messages").evaluate((el) => (el.scrollTop = 0));
    await shown.getByText("Question number 0", { exact: true }).waitFor();
    expect(await bubbles.count()).toBe(130);
    await expect.poll(() => page.getByTestId("older-messages").count()).toBe(0);
    expect(reads[0]).toContain("limit=50");
    expect(reads.slice(1).every((q) => /before=\d+/.test(q))).toBe(true);

    await page.getByTestId("chat-messages").evaluate((el) => (el.scrollTop = el.scrollHeight));
    await reviewShot(page, "h4-long-conversation.png");
    await app.close();
  });

  it("the server stores the exchange after what another tab saved meanwhile: nothing is lost, the page saves nothing itself", async () => {
    const app = await openChat(browser);
    const { page } = app;
    const id = await seed(app.user, "Two tabs", 4);
    await page.reload();
    await app.item("Two tabs").click();
    await page.getByTestId("chat-messages").getByText("Answer number 3").waitFor();

    // Another tab saves first.
    const loaded = await call(app.user, "GET", `/api/conversations/${id}?limit=1`);
    const other = await call(app.user, "PUT", `/api/conversations/${id}`, {
      upsert: [message(4, "Asked in the other tab"), message(5, "Answered in the other tab")],
      version: loaded.body.version,
    });
    expect(other.status).toBe(200);

    const saves: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "PUT" && r.url().includes(`/api/conversations/${id}`)) saves.push(r.url());
    });
    await app.ask("What did we agree on delivery?");
    const answer = await app.answer(3);
    expect(await answer.getAttribute("data-state")).toBe("complete");

    const after = await call(app.user, "GET", `/api/conversations/${id}`);
    expect(after.body.messages.map((m: { content: string }) => m.content).slice(4, 7)).toEqual([
      "Asked in the other tab",
      "Answered in the other tab",
      "What did we agree on delivery?",
    ]);
    expect(after.body.messageCount).toBe(8);
    expect(after.body.version).toBeGreaterThan(other.body.version);
    expect(saves).toEqual([]);
    await app.close();
  });

  it("attachments state their limit, a file over it is refused in words, and a large one goes through S3", async () => {
    const app = await openChat(browser);
    const { page } = app;
    await page.getByTestId("attachment-limit").getByText("Up to 10 files, 20 MB each").waitFor();

    await page
      .getByTestId("document-input")
      .setInputFiles([{ name: "huge.txt", mimeType: "text/plain", buffer: Buffer.alloc(21 * MB, 97) }]);
    await page.getByText('"huge.txt" is 21 MB; attachments can be at most 20 MB each.').waitFor();
    expect(await page.getByRole("list", { name: "Selected files" }).count()).toBe(0);
    await reviewShot(page, "h4-attachment-limit.png");

    const sent: { files?: { name: string; data?: string; key?: string }[] }[] = [];
    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/chat") && r.method() === "POST") sent.push(r.postDataJSON());
      if (r.url().endsWith("/api/chat/attachments/upload-url")) uploads.push(r.url());
    });
    const big = Buffer.from("Order 4711: hydraulic pumps, delivery on 12 May.\n".repeat(100_000));
    expect(big.length).toBeGreaterThan(4.4 * MB);
    await page.getByTestId("document-input").setInputFiles([{ name: "orders.txt", mimeType: "text/plain", buffer: big }]);
    await page.getByRole("list", { name: "Selected files" }).getByText("orders.txt").waitFor();
    await app.ask("When is the delivery?");
    const answer = await app.answer(1);
    await answer
      .getByText(/delivery on 12 May/)
      .first()
      .waitFor();
    expect(uploads).toHaveLength(1);
    expect(sent[0]!.files![0]!.data).toBeUndefined();
    expect(sent[0]!.files![0]!.key).toMatch(new RegExp(`^chat-attachments/${app.user.uid}/`));
    await app.close();
  });
});
