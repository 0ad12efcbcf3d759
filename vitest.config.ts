import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Tests that talk to the local stack (DynamoDB Local, s3rver, the Auth Emulator, the gateway). */
const apiTests = [
  // End to end and slow, though they need no stand-in: whole scans read by OCR (4-8 s each on two
  // cores), extraction in child processes, and the dev set checked against poppler. Together about
  // two thirds of the unit run's time; here the unit loop stays within a minute and `npm test` runs them.
  "packages/core/src/extract/ocr.test.ts",
  "packages/core/src/extract/image.test.ts",
  "packages/core/src/extract/pdf-ocr.test.ts",
  "packages/core/src/extract/isolate.test.ts",
  "packages/core/src/quote/sources.dev.test.ts",
  "packages/functions/src/api/**/*.test.ts",
  "packages/functions/src/pipeline/pipeline.test.ts",
  "packages/local/src/**/*.test.ts",
  "packages/core/src/ai/status.dynamo.test.ts",
  "packages/core/src/auth/auth.test.ts",
  "packages/core/src/billing/billing.test.ts",
  "packages/core/src/conversation/conversation.test.ts",
  "packages/core/src/conversation/search.test.ts",
  "packages/core/src/quota/*.test.ts",
  "packages/core/src/notify/*.test.ts",
];
const e2eTests = ["e2e/**/*.test.ts"];
const stack = ["./test/global-setup.ts"];

export default defineConfig({
  // The web app's own "@/..." imports, for its unit tests.
  resolve: { alias: { "@": fileURLToPath(new URL("./packages/web/src", import.meta.url)) } },
  test: {
    // Each file makes its own users, so files may run side by side.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: "1" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "infra/**/*.test.ts"],
          exclude: ["**/node_modules/**", ...apiTests],
        },
      },
      // api and e2e share one stack: the global setup starts it once per run.
      { extends: true, test: { name: "api", include: apiTests, globalSetup: stack } },
      // A browser journey under a loaded machine (CI, two workers) can take twice its usual 15 s.
      { extends: true, test: { name: "e2e", include: e2eTests, globalSetup: stack, testTimeout: 60_000 } },
    ],
  },
});
