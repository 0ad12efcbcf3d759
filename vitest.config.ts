import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The web app's own "@/..." imports, for its unit tests.
  resolve: { alias: { "@": fileURLToPath(new URL("./packages/web/src", import.meta.url)) } },
  test: {
    include: ["packages/*/src/**/*.test.ts", "e2e/**/*.test.ts", "infra/**/*.test.ts"],
    globalSetup: ["./test/global-setup.ts"],
    // Each file makes its own users, so files may run side by side.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: "1" },
  },
});
