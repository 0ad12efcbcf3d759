import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogProblems, loadCatalogs } from "../../../../scripts/check-locales";
import { browserLanguage, localeOf } from "./languages";

function catalogs(files: Record<string, Record<string, unknown>>) {
  const root = mkdtempSync(join(tmpdir(), "locales-"));
  for (const [path, messages] of Object.entries(files)) {
    const [language, namespace] = path.split("/") as [string, string];
    mkdirSync(join(root, language), { recursive: true });
    writeFileSync(join(root, language, `${namespace}.json`), JSON.stringify(messages));
  }
  return loadCatalogs(root);
}

describe("the UI's message catalogs", () => {
  it("are complete in every language: same keys, valid ICU, same arguments", () => {
    expect(catalogProblems()).toEqual([]);
  });

  it("fail on a missing key, an extra key, broken ICU or a renamed argument", () => {
    const problems = catalogProblems(
      catalogs({
        "en/chat": { title: "Chat", count: "{count, plural, one {# question} other {# questions}}", hi: "Hi {name}" },
        "fr/chat": { count: "{count, plural, one {# question} other {# questions}", hi: "Salut {nom}", extra: "x" },
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        "fr chat:title: missing",
        "fr chat:extra: not in en",
        "fr chat:hi: uses {nom} where en uses {name}",
        expect.stringMatching(/^fr chat:count: not a valid ICU message/),
      ]),
    );
  });
});

describe("picking a language", () => {
  it("takes the browser's first supported language, else English", () => {
    expect(browserLanguage(["fr-CA", "en-US"])).toBe("fr");
    expect(browserLanguage(["pt-BR", "de"])).toBe("de");
    expect(browserLanguage(["ja"])).toBe("en");
    expect(localeOf("de")).toBe("de-DE");
  });
});
