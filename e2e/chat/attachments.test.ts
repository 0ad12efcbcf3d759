import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { call, launchBrowser } from "@quorum/local/testing";
import { openChat } from "./app";

/** A person attaches documents and images to a question, and is told which types the chat takes. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const file = (name: string, mimeType: string, text = "content") => ({ name, mimeType, buffer: Buffer.from(text) });

describe("attachments on /chat", { timeout: 120_000 }, () => {
  it("files of the wrong type are refused with the spec's messages; the others wait as removable chips", async () => {
    const app = await openChat(browser);
    const { page } = app;
    const chips = page.getByRole("list", { name: "Selected files" });

    await page.getByTestId("document-input").setInputFiles([file("archive.zip", "application/zip")]);
    await page.getByText("Supported file types: PDFs, Word documents, Excel files, CSV, and text files").waitFor();
    expect(await chips.count()).toBe(0);

    await page.getByTestId("image-input").setInputFiles([file("animation.gif", "image/gif")]);
    await page.getByText("Supported image types: JPG, PNG").waitFor();

    // A mixed pick keeps the good ones.
    await page.getByTestId("document-input").setInputFiles([file("notes.txt", "text/plain"), file("tool.exe", "application/octet-stream")]);
    await page.getByText("Supported file types: PDFs, Word documents, Excel files, CSV, and text files").waitFor();
    await page.getByTestId("image-input").setInputFiles([file("site.png", "image/png")]);
    await page.getByTestId("document-input").setInputFiles([file("prices.csv", "text/csv", "item,price\nbeam,120")]);
    await chips.getByText("notes.txt").waitFor();
    await chips.getByText("site.png").waitFor();
    await chips.getByText("prices.csv").waitFor();
    expect(await chips.getByText("tool.exe").count()).toBe(0);

    await page.getByRole("button", { name: "Remove site.png" }).click();
    await chips.getByText("site.png").waitFor({ state: "detached" });
    expect(await chips.getByRole("listitem").count()).toBe(2);
    await app.close();
  });

  it("files alone are sent as 'Please analyze the uploaded file(s)' and the answer quotes them", async () => {
    const app = await openChat(browser);
    const { page } = app;
    const sent: { message?: string; files?: { name: string; type: string; data?: string }[] }[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/chat") && request.method() === "POST") sent.push(request.postDataJSON());
    });
    await page.getByTestId("document-input").setInputFiles([file("prices.csv", "text/csv", "item,price\nsteel beam,120\nbolt pack,8")]);
    await page.getByTestId("image-input").setInputFiles([file("site.jpg", "image/jpeg", "not really a jpeg")]);
    await page.getByRole("button", { name: "Send", exact: true }).click();

    const user = page.getByTestId("message-user").first();
    await user.getByText("Please analyze the uploaded file(s)").waitFor();
    await user.getByText("prices.csv").waitFor();
    await user.getByText("site.jpg").waitFor();
    await user.getByLabel("Image").waitFor();
    await user.getByLabel("File").waitFor();
    const answer = await app.answer(1);
    await answer
      .getByText(/prices\.csv/)
      .first()
      .waitFor();
    expect(await page.getByRole("list", { name: "Selected files" }).count()).toBe(0);

    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toBe("Please analyze the uploaded file(s)");
    expect(sent[0]!.files!.map((f) => [f.name, f.type])).toEqual([
      ["prices.csv", "text/csv"],
      ["site.jpg", "image/jpeg"],
    ]);
    expect(sent[0]!.files![0]!.data).toMatch(/^data:text\/csv;base64,/);

    // The saved conversation keeps the file names with the message, never their data.
    await app.item("Please analyze the uploaded fi...").waitFor();
    const [conversation] = (await call(app.user, "GET", `/api/conversations?userId=${app.user.uid}`)).body.conversations;
    const saved = await call(app.user, "GET", `/api/conversations/${conversation.id}?userId=${app.user.uid}`);
    expect(saved.body.messages[0].files).toEqual([
      { name: "prices.csv", type: "text/csv" },
      { name: "site.jpg", type: "image/jpeg" },
    ]);
    await app.close();
  });
});
