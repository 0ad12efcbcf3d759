import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { dynamoStatusStore } from "./status";

/** Runs with the test stack's DynamoDB Local: the status every Lambda instance reads. */
describe("model status in DynamoDB", () => {
  it("keeps each model's last outcome, and an older outcome never overwrites a newer one", async () => {
    const choice = `test-${randomUUID()}`;
    const mine = async () => (await dynamoStatusStore.all()).filter((r) => r.choice === choice);

    await dynamoStatusStore.record({ choice, modelId: "m1", ok: true, latencyMs: 120, at: "2026-01-01T00:00:01.000Z" });
    expect(await mine()).toEqual([{ choice, modelId: "m1", ok: true, latencyMs: 120, at: "2026-01-01T00:00:01.000Z", error: undefined }]);

    await dynamoStatusStore.record({
      choice,
      modelId: "m1",
      ok: false,
      error: "rejected the API key (HTTP 401)",
      at: "2026-01-01T00:00:03.000Z",
    });
    await dynamoStatusStore.record({ choice, modelId: "m1", ok: true, at: "2026-01-01T00:00:02.000Z" });
    expect(await mine()).toEqual([
      expect.objectContaining({ ok: false, error: "rejected the API key (HTTP 401)", at: "2026-01-01T00:00:03.000Z" }),
    ]);
  });
});
