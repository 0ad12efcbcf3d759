import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", ".sst/**", ".data/**", "packages/web/src/routeTree.gen.ts", "sst-env.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // SST's own convention: the platform types come in through a triple-slash reference.
  { files: ["sst.config.ts"], rules: { "@typescript-eslint/triple-slash-reference": "off" } },
  {
    rules: {
      "@typescript-eslint/no-namespace": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
);
