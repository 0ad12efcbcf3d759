import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, SECURITY_HEADERS } from "../../web/src/lib/content-security-policy";
import { authEmulatorHost, webUrl } from "./testing";

/** The local web server sends the deployed site's policy, with the local stand-ins in place of the cloud's origins. */
describe("local web server", () => {
  const expected = () => {
    const emulator = `http://${authEmulatorHost()}`;
    return contentSecurityPolicy({
      storage: [new URL(process.env.S3_PUBLIC_ENDPOINT!).origin],
      authFrame: emulator,
      authEmulator: emulator,
    });
  };

  it("sends the Content-Security-Policy with the app's page", async () => {
    const res = await fetch(webUrl());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe(expected());
  });

  it("sends it for a deep link and for the built assets too", async () => {
    const page = await fetch(new URL("/projects/1/chat", webUrl()));
    expect(page.headers.get("content-security-policy")).toBe(expected());
    const html = await page.text();
    const script = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(new URL(script!, webUrl()));
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-security-policy")).toBe(expected());
  });

  it("sends the other security headers with it", async () => {
    const res = await fetch(webUrl());
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);
  });

  it("serves a page with no inline script", async () => {
    const html = await (await fetch(webUrl())).text();
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
  });
});
