import { describe, expect, it } from "vitest";
import { call, createUser } from "@quorum/local/testing";

describe("health", () => {
  it("tells anyone only that the API is up and which version runs", async () => {
    const res = await call(undefined, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["ok", "version"]);
    expect(res.body.ok).toBe(true);
    expect(typeof res.body.version).toBe("string");
  });

  it("shows a signed-in user each dependency", async () => {
    const res = await call(await createUser(), "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, stage: "local" });
    expect(res.body.services).toEqual({ dynamodb: { ok: true }, s3: { ok: true }, auth: { ok: true } });
  });
});
