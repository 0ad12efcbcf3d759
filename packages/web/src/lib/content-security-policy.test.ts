import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "./content-security-policy";

const directives = (policy: string) =>
  new Map(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)] as [string, string[]]));

const cloud = contentSecurityPolicy({
  storage: ["https://quorum-production-uploadsbucket-abcdefgh.s3.us-east-1.amazonaws.com"],
  authFrame: "https://quorum-prod.firebaseapp.com",
});

describe("the site's Content-Security-Policy", () => {
  it("loads images only from our origin, data and blob URLs, the bucket and Google account photos", () => {
    expect(directives(cloud).get("img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://quorum-production-uploadsbucket-abcdefgh.s3.us-east-1.amazonaws.com",
      "https://lh3.googleusercontent.com",
    ]);
  });

  it("runs no inline script and no script from elsewhere than Stripe and Google's sign-in loader", () => {
    expect(directives(cloud).get("script-src")).toEqual([
      "'self'",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://apis.google.com",
    ]);
  });

  it("connects only to the API (same origin), the bucket, Firebase Auth and Stripe", () => {
    expect(directives(cloud).get("connect-src")).toEqual([
      "'self'",
      "https://quorum-production-uploadsbucket-abcdefgh.s3.us-east-1.amazonaws.com",
      "https://identitytoolkit.googleapis.com",
      "https://securetoken.googleapis.com",
      "https://api.stripe.com",
    ]);
  });

  it("frames only Stripe and the Firebase auth domain, and is framed by nobody", () => {
    const parsed = directives(cloud);
    expect(parsed.get("frame-src")).toEqual([
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
      "https://quorum-prod.firebaseapp.com",
    ]);
    expect(parsed.get("frame-ancestors")).toEqual(["'none'"]);
    expect(parsed.get("object-src")).toEqual(["'none'"]);
  });

  it("adds the Auth Emulator, and in dev the hot-reload socket and the refresh preamble, only when asked", () => {
    const dev = directives(
      contentSecurityPolicy({
        storage: ["http://127.0.0.1:4569"],
        authFrame: "http://127.0.0.1:9099",
        authEmulator: "http://127.0.0.1:9099",
        hmr: "ws://127.0.0.1:5173",
        devScriptHashes: ["'sha256-abc='"],
      }),
    );
    expect(dev.get("connect-src")).toEqual(expect.arrayContaining(["http://127.0.0.1:9099", "ws://127.0.0.1:5173"]));
    expect(dev.get("script-src")).toContain("'sha256-abc='");
    expect(cloud).not.toMatch(/127\.0\.0\.1|ws:|sha256/);
  });

  it("fits CloudFront's limit for the header (1,783 characters)", () => {
    expect(cloud.length).toBeLessThanOrEqual(1783);
  });
});
