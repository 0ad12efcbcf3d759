/**
 * ReDoS check (`npm run lint`): every regular expression written in packages/core/src is run
 * through recheck, which finds regexes whose matching time grows faster than the text (a
 * 60 kB digit run once took 23 s in a quote rule). Core's regexes read user questions and
 * document text, so a vulnerable one fails the lint.
 *
 * The quote rules and the extractors (quote/, extract/) are bounded by their owner in their own
 * change: until then their findings are printed as warnings, by file and line, so nothing is
 * hidden, and the lint fails on them once WARN_ONLY is emptied.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { check } from "recheck";
import ts from "typescript";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCE = join(ROOT, "packages/core/src");
/** Folders whose findings warn instead of failing, while their owner bounds them (see above). */
const WARN_ONLY = ["packages/core/src/quote/", "packages/core/src/extract/"];
/** recheck's own budget per regex; one that cannot be decided in it counts as a finding. */
const TIMEOUT_MS = 10_000;
const PARALLEL = 4;
/** A fuzz finding counts when V8 takes this long on the attack string (about 55,000 repeats: linear is a few ms). */
const CONFIRM_MS = 200;

/** Time V8 takes to run `regex` over `text` (every match, as replace and matchAll do). */
function attackMs(regex: Found, text: string): number {
  const pattern = new RegExp(regex.source, regex.flags.includes("g") ? regex.flags : `${regex.flags}g`);
  const started = performance.now();
  text.replace(pattern, "");
  return performance.now() - started;
}

interface Found {
  file: string;
  line: number;
  source: string;
  flags: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    // Tests build regexes over their own fixed strings, not over anyone's text.
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Regex literals and `new RegExp("literal", "flags")`; a RegExp built from variables cannot be read statically and is listed apart. */
function regexesOf(path: string): { found: Found[]; dynamic: string[]; skipped: string[] } {
  const text = readFileSync(path, "utf8");
  const sourceFile = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const file = relative(ROOT, path);
  const found: Found[] = [];
  const dynamic: string[] = [];
  const skipped: string[] = [];
  const lines = text.split("\n");
  const lineOf = (node: ts.Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  // A regex that only ever sees a short string (or whose every pumped quantifier is bounded) says so,
  // with the reason, in a "redos-bounded:" comment on its line or in the comment right above it.
  const bounded = (line: number) => {
    if (lines[line - 1]?.includes("redos-bounded:")) return true;
    for (let i = line - 2; i >= 0 && /^\s*(\/\/|\*|\/\*|(export )?const \w+ =$)/.test(lines[i]!); i--)
      if (lines[i]!.includes("redos-bounded:")) return true;
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node) && bounded(lineOf(node))) skipped.push(`${file}:${lineOf(node)}`);
    else if (ts.isRegularExpressionLiteral(node)) {
      const literal = node.text;
      const end = literal.lastIndexOf("/");
      found.push({ file, line: lineOf(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp") {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteralLike(pattern) && (!flags || ts.isStringLiteralLike(flags)))
        found.push({ file, line: lineOf(node), source: pattern.text, flags: flags && ts.isStringLiteralLike(flags) ? flags.text : "" });
      else dynamic.push(`${file}:${lineOf(node)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return { found, dynamic, skipped };
}

async function main() {
  const all: Found[] = [];
  const dynamic: string[] = [];
  const skipped: string[] = [];
  for (const path of filesUnder(SOURCE)) {
    const of = regexesOf(path);
    all.push(...of.found);
    dynamic.push(...of.dynamic);
    skipped.push(...of.skipped);
  }
  const findings: { regex: Found; why: string }[] = [];
  const undecided: { regex: Found; why: string }[] = [];
  const unconfirmed: { regex: Found; why: string }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < all.length) {
        const regex = all[next++]!;
        const result = await check(regex.source, regex.flags, { timeout: TIMEOUT_MS });
        if (result.status === "vulnerable") {
          const why = `${result.complexity.summary}, e.g. ${JSON.stringify(result.attack.pattern)}`;
          // The fuzzer's verdicts vary from run to run (it pumps bounded repeats and lookbehinds too):
          // its attack string is run on V8 itself, and only a slow run fails the lint.
          const ms = attackMs(regex, result.attack.string);
          if (ms >= CONFIRM_MS || !result.complexity.isFuzz) findings.push({ regex, why: `${why}; ${ms.toFixed(0)} ms on V8` });
          else unconfirmed.push({ regex, why: `${why}, but its attack runs in ${ms.toFixed(0)} ms on V8` });
        }
        // Not decided in time (recheck's fuzzer on a busy machine): a warning, so the lint does not flake.
        else if (result.status === "unknown") undecided.push({ regex, why: `not decided (${result.error.kind})` });
      }
    }),
  );
  findings.sort((a, b) => a.regex.file.localeCompare(b.regex.file) || a.regex.line - b.regex.line);
  let failed = 0;
  for (const { regex, why } of findings) {
    const warnOnly = WARN_ONLY.some((folder) => regex.file.startsWith(folder));
    if (!warnOnly) failed++;
    console.log(`${warnOnly ? "warning" : "error"}  ${regex.file}:${regex.line}  /${regex.source}/${regex.flags}  ${why}`);
  }
  for (const { regex, why } of unconfirmed)
    console.log(`warning  ${regex.file}:${regex.line}  /${regex.source}/${regex.flags}  fuzz: ${why}`);
  for (const { regex, why } of undecided) console.log(`warning  ${regex.file}:${regex.line}  /${regex.source}/${regex.flags}  ${why}`);
  if (skipped.length) console.log(`bounded input (marked redos-bounded), not checked: ${skipped.join(", ")}`);
  if (dynamic.length) console.log(`built at run time, not checked here: ${dynamic.join(", ")}`);
  console.log(
    `ReDoS check: ${all.length} regexes in packages/core/src, ${failed} vulnerable, ${findings.length - failed} warnings (quote/ and extract/), ${undecided.length} not decided, ${unconfirmed.length} fuzz findings not reproduced on V8`,
  );
  if (failed > 0) process.exit(1);
}

await main();
