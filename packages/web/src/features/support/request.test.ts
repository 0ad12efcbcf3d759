import { describe, expect, it } from "vitest";
import { buildRequest, EMPTY_FORM, supportMailto } from "./request";

const form = { ...EMPTY_FORM, name: " Ada ", email: "ada@example.com", subject: "Upload fails", message: "The button does nothing." };

describe("support requests", () => {
  it("start as a general question of medium priority", () => {
    expect(EMPTY_FORM.category).toBe("general");
    expect(EMPTY_FORM.priority).toBe("medium");
  });

  it("carry who sent them, from which browser and when", () => {
    const request = buildRequest(form, "uid-1", new Date("2026-01-02T03:04:05.000Z"), "TestBrowser/1.0");
    expect(request).toEqual({
      name: "Ada",
      email: "ada@example.com",
      subject: "Upload fails",
      category: "general",
      message: "The button does nothing.",
      priority: "medium",
      userAgent: "TestBrowser/1.0",
      timestamp: "2026-01-02T03:04:05.000Z",
      userId: "uid-1",
    });
  });

  it("from a signed-out visitor are sent as 'anonymous'", () => {
    expect(buildRequest(form, undefined, new Date(), "x").userId).toBe("anonymous");
  });

  it("can be sent as a prefilled e-mail with the product's subject prefix", () => {
    const request = buildRequest(form, "uid-1", new Date("2026-01-02T03:04:05.000Z"), "x");
    const url = new URL(supportMailto(request, "help@example.com"));
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("help@example.com");
    expect(url.searchParams.get("subject")).toBe("[Quorum Support] Upload fails");
    const body = url.searchParams.get("body")!;
    for (const part of [
      "Name: Ada",
      "Email: ada@example.com",
      "Category: general",
      "Priority: medium",
      "The button does nothing.",
      "User ID: uid-1",
      "Timestamp: 2026-01-02T03:04:05.000Z",
    ]) {
      expect(body).toContain(part);
    }
  });
});
