/**
 * `npm run bench:web`: Lighthouse (the npm package, offline) against Debian's Chromium, mobile
 * preset (simulated slow 4G and a 4x slower CPU), on the built site as the local stack serves it:
 * the landing page for a first visit, and /chat for a signed-in user. Prints the performance
 * score, LCP, TBT, CLS and the JavaScript transferred, and exits 1 when a target is missed.
 *
 *   BENCH_RUNS=3   runs per page (the median is reported; 1 by default)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { chromium, type BrowserContext } from "playwright-core";
import { CHROMIUM, createUser, webUrl } from "../packages/local/src/testing";
import { setup, teardown } from "../test/global-setup";

const TARGETS = { score: 95, lcpMs: 1500, tbtMs: 150, cls: 0.05 };
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const PORT = 9333;

interface Figures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  /** What the page's largest paint was, and what moved: where to look when a target is missed. */
  culprits: string[];
}

interface Node {
  type?: string;
  selector?: string;
  snippet?: string;
}

/** The nodes an audit's details name, with their selectors (a table of items, some holding a table of their own). */
function nodesOf(details: unknown): Node[] {
  const items = (details as { items?: unknown[] } | undefined)?.items ?? [];
  return items.flatMap((item) => {
    const row = item as { node?: Node; type?: string };
    if (row.type === "table" || row.type === "list") return nodesOf(row);
    return row.node?.type === "node" ? [row.node] : [];
  });
}

/** The main thread's longest tasks and the script each is charged to: where to look when TBT is missed. */
function longTasks(details: unknown): string[] {
  const items = (details as { items?: { url?: string; duration?: number; startTime?: number }[] } | undefined)?.items ?? [];
  return [...items]
    .sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))
    .slice(0, 4)
    .map(
      (t) =>
        `long task: ${Math.round(t.duration ?? 0)} ms at ${Math.round(t.startTime ?? 0)} ms, ${t.url?.replace(/^https?:\/\/[^/]+/, "") ?? "?"}`,
    );
}

function figuresOf(lhr: Result): Figures {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const resources = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)
    ?.items;
  const script = resources?.find((r) => r.resourceType === "script");
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    jsKb: (script?.transferSize ?? 0) / 1024,
    culprits: [
      ...nodesOf(lhr.audits["largest-contentful-paint-element"]?.details)
        .slice(0, 1)
        .map((n) => `largest paint: ${n.selector} ${n.snippet?.slice(0, 120)}`),
      ...nodesOf(lhr.audits["layout-shifts"]?.details)
        .slice(0, 3)
        .map((n) => `moved: ${n.selector} ${n.snippet?.slice(0, 120)}`),
      ...longTasks(lhr.audits["long-tasks"]?.details),
    ],
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `beforeRun` readies the browser for each run (a cold cache for a visit that keeps its storage). */
async function measure(url: string, flags: Flags, beforeRun?: () => Promise<void>): Promise<Figures> {
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) {
    await beforeRun?.();
    const result = await lighthouse(url, { port: PORT, output: "json", logLevel: "error", onlyCategories: ["performance"], ...flags });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
    runs.push(figuresOf(result.lhr));
  }
  const pick = (key: Exclude<keyof Figures, "culprits">) => median(runs.map((r) => r[key]));
  return {
    score: pick("score"),
    lcpMs: pick("lcpMs"),
    tbtMs: pick("tbtMs"),
    cls: pick("cls"),
    jsKb: pick("jsKb"),
    culprits: runs[0]!.culprits,
  };
}

/** Signs in through the header's modal, as a person would; the session stays in the browser's profile. */
async function signIn(context: BrowserContext, email: string, password: string) {
  const page = await context.newPage();
  await page.goto(new URL("/", webUrl()).href);
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Welcome to Quorum" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In / Sign Up" }).click();
  await page.waitForURL("**/chat", { timeout: 60_000 });
  await page.getByRole("link", { name: /^Hi, / }).waitFor({ timeout: 60_000 });
  await page.close();
}

/**
 * Empties the HTTP cache and keeps the session (IndexedDB): each /chat run is a signed-in user's
 * cold visit. Lighthouse resets neither when told to keep storage, so from the second run on
 * /chat came from the cache.
 */
async function forgetDownloads(context: BrowserContext) {
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send("Network.clearBrowserCache");
  await page.close();
}

function report(name: string, f: Figures): string[] {
  console.log(
    `${name.padEnd(16)} score ${String(f.score).padStart(3)}   LCP ${(f.lcpMs / 1000).toFixed(2)} s   TBT ${Math.round(f.tbtMs)} ms   CLS ${f.cls.toFixed(3)}   JS ${f.jsKb.toFixed(1)} KB`,
  );
  for (const culprit of f.culprits) console.log(`${" ".repeat(17)}${culprit}`);
  const missed: string[] = [];
  if (f.score < TARGETS.score) missed.push(`${name}: performance ${f.score} < ${TARGETS.score}`);
  if (f.lcpMs > TARGETS.lcpMs) missed.push(`${name}: LCP ${Math.round(f.lcpMs)} ms > ${TARGETS.lcpMs} ms`);
  if (f.tbtMs > TARGETS.tbtMs) missed.push(`${name}: TBT ${Math.round(f.tbtMs)} ms > ${TARGETS.tbtMs} ms`);
  if (f.cls > TARGETS.cls) missed.push(`${name}: CLS ${f.cls.toFixed(3)} > ${TARGETS.cls}`);
  return missed;
}

await setup();
const profile = mkdtempSync(join(tmpdir(), "quorum-lighthouse-"));
// A profile of its own, so Lighthouse's tab shares the signed-in session made below.
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM.executablePath,
  args: [...CHROMIUM.args, `--remote-debugging-port=${PORT}`],
});
try {
  const landing = await measure(new URL("/", webUrl()).href, {});
  const account = await createUser();
  await signIn(context, account.email, account.password);
  // Storage kept: the measured visit is a signed-in user's, with the session restored from the profile.
  const chat = await measure(new URL("/chat", webUrl()).href, { disableStorageReset: true }, () => forgetDownloads(context));
  console.log(
    `Lighthouse, mobile preset, median of ${RUNS} run(s); targets: score >= ${TARGETS.score}, LCP <= ${TARGETS.lcpMs / 1000} s, TBT <= ${TARGETS.tbtMs} ms, CLS <= ${TARGETS.cls}`,
  );
  const missed = [...report("landing /", landing), ...report("/chat signed in", chat)];
  if (missed.length) {
    console.error(`Missed: ${missed.join("; ")}`);
    process.exitCode = 1;
  }
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  await teardown();
}
