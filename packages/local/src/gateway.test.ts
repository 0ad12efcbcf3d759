import { describe, expect, it } from "vitest";
import { call, gatewayUrl } from "./testing";

describe("local gateway", () => {
  it("answers 404 for a route that is not in the table, as API Gateway does", async () => {
    const res = await call(undefined, "GET", "/api/no-such-route");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "Not Found" });
  });

  it("refuses bodies over API Gateway's 10 MB limit with 413", async () => {
    const res = await fetch(`${gatewayUrl()}/api/auth/check-account`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "x".repeat(10 * 1024 * 1024 + 10) }),
    }).catch((e) => e);
    // Node's fetch may see the connection closed while it is still sending.
    if (res instanceof Response) expect(res.status).toBe(413);
    else expect(String(res)).toMatch(/fetch failed|socket|EPIPE|ECONNRESET/);
  });

  it("refuses a body API Gateway takes but a Lambda invocation does not (over 6 MB) with 413", async () => {
    const res = await fetch(`${gatewayUrl()}/api/auth/check-account`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "x".repeat(6 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
  });
});
