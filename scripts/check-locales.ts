/**
 * Every language has every message English has, and no message another language lacks;
 * each message is valid ICU and uses the same arguments as the English one, so a screen
 * never shows a raw key or a broken "{count}" in one language only.
 * Run by `npm run lint` and by the web's unit tests.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { IntlMessageFormat } from "intl-messageformat";
import { TYPE, parse, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

const LOCALES = fileURLToPath(new URL("../packages/web/src/locales", import.meta.url));
const REFERENCE = "en";

type Catalog = Map<string, string>;

function flatten(value: unknown, path: string, into: Catalog) {
  if (typeof value === "string") into.set(path, value);
  else if (value && typeof value === "object")
    for (const [key, inner] of Object.entries(value)) flatten(inner, path.endsWith(":") ? `${path}${key}` : `${path}.${key}`, into);
}

/** language -> "namespace:key.path" -> message */
export function loadCatalogs(root = LOCALES): Map<string, Catalog> {
  const catalogs = new Map<string, Catalog>();
  for (const language of readdirSync(root)) {
    const catalog: Catalog = new Map();
    for (const file of readdirSync(join(root, language)).filter((f) => f.endsWith(".json"))) {
      const messages = JSON.parse(readFileSync(join(root, language, file), "utf8")) as unknown;
      flatten(messages, `${file.replace(/\.json$/, "")}:`, catalog);
    }
    catalogs.set(language, catalog);
  }
  return catalogs;
}

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentsOf(element.children, into);
      continue;
    }
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
}

export function catalogProblems(catalogs = loadCatalogs()): string[] {
  const problems: string[] = [];
  const reference = catalogs.get(REFERENCE);
  if (!reference) return [`no ${REFERENCE} catalog`];
  for (const [language, catalog] of catalogs) {
    for (const [key, message] of catalog) {
      try {
        new IntlMessageFormat(message, language);
      } catch (error) {
        problems.push(`${language} ${key}: not a valid ICU message (${(error as Error).message})`);
        continue;
      }
      const english = reference.get(key);
      if (english === undefined) {
        problems.push(`${language} ${key}: not in ${REFERENCE}`);
        continue;
      }
      const want = [...argumentsOf(parse(english))].sort().join(",");
      const got = [...argumentsOf(parse(message))].sort().join(",");
      if (want !== got) problems.push(`${language} ${key}: uses {${got}} where ${REFERENCE} uses {${want}}`);
    }
    for (const key of reference.keys()) if (!catalog.has(key)) problems.push(`${language} ${key}: missing`);
  }
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problems = catalogProblems();
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
  console.log("locales: every language has every message");
}
