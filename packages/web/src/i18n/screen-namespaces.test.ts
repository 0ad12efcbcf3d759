import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SCREEN_NAMESPACES } from "./index";

/**
 * A screen shows once its own catalogs are in (SCREEN_NAMESPACES); the others arrive after its
 * first paint. A text of a catalog missing from that list would show as its key until then, so
 * every catalog the code behind a screen uses must be on its list, unless that code loads the
 * catalog itself before it shows (the search palette). The code is followed through its imports,
 * static and dynamic, from the screen's route and the shell around it.
 */

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CATALOGS = new Set(readdirSync(join(SRC, "locales/en")).map((f) => f.replace(/\.json$/, "")));
/**
 * Catalogs of what never shows before the rest have arrived: finished-work toasts, raised by events
 * once the page is up (their component's useTranslation fetches the catalog itself).
 */
const AFTER_FIRST_PAINT = new Set(["notify"]);
const ROUTES: Record<string, string[]> = {
  "/": ["routes/__root.tsx", "routes/index.tsx"],
  "/chat": ["routes/__root.tsx", "routes/_authed.tsx", "routes/_authed/chat.tsx"],
};

function resolveImport(from: string, spec: string): string | undefined {
  const base = spec.startsWith("@/") ? join(SRC, spec.slice(2)) : spec.startsWith(".") ? resolve(dirname(from), spec) : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find(
    (f) => existsSync(f) && /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
  );
}

/** The catalogs the modules reachable from `entries` use, less those one of them loads itself. */
function catalogsUsed(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const used = new Set<string>();
  const own = new Set<string>();
  const pending = entries.map((e) => join(SRC, e));
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, "utf8");
    for (const m of code.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      const next = resolveImport(file, m[1]!);
      if (next) pending.push(next);
    }
    for (const m of code.matchAll(/loadNamespaces\(\s*["'](\w+)["']/g)) own.add(m[1]!);
    const named = [
      ...[...code.matchAll(/useTranslation\(\s*["'](\w+)["']/g)].map((m) => m[1]!),
      ...[...code.matchAll(/["'](\w+):[a-zA-Z][\w.]*["']/g)].map((m) => m[1]!),
      ...(/useTranslation\(\s*\)/.test(code) ? ["common"] : []),
    ];
    for (const ns of named) if (CATALOGS.has(ns)) used.add(ns);
  }
  return new Set([...used].filter((ns) => !own.has(ns)));
}

describe("the catalogs a screen waits for", () => {
  for (const [path, routes] of Object.entries(ROUTES))
    it(`${path}: every catalog its code uses is among them`, () => {
      const used = [...catalogsUsed(routes)].sort();
      expect(used.filter((ns) => !SCREEN_NAMESPACES[path]!.includes(ns) && !AFTER_FIRST_PAINT.has(ns))).toEqual([]);
      // the walk does find the screen's texts
      expect(used).toContain(path === "/" ? "landing" : "chat");
    });
});
