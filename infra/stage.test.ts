import { describe, expect, it } from "vitest";

describe("sst.config.ts", () => {
  it('refuses to deploy the stage "local" and accepts any other', async () => {
    // SST provides $config as a global; the app's settings are all this test needs.
    (globalThis as { $config?: unknown }).$config = (config: unknown) => config;
    const { default: config } = (await import("../sst.config")) as unknown as {
      default: { app(input: { stage: string }): { name: string } };
    };
    expect(() => config.app({ stage: "local" })).toThrow('The stage name "local" is reserved for the local stack');
    expect(config.app({ stage: "alice" }).name).toBe("quorum");
  });
});
