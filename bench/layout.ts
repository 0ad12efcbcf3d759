/**
 * `npm run bench:layout`: how closely the PDF text layer reads like `pdftotext -layout`
 * (poppler), over every PDF with a text layer in ../shared/external (dev, invoice2data and the
 * robustness corpus). Per page, each non-blank pdftotext line counts as reproduced when one of
 * our lines has the same word sequence (column breaks " | " and runs of spaces are ignored,
 * both sides NFKC-normalised). Prints the share per set and overall, and how fast
 * `Extract.fromBuffer` read the text pages.
 *
 * Each PDF is read in a child process (1 GB heap, 60 s), so a hostile file cannot stop the run.
 *
 *   --dir <path>   the external folder (default: QUORUM_EXTERNAL_DIR, else ../shared/external)
 *   --only <text>  files whose path contains this text
 *   --verbose      every file's score, and the lines we missed with --only
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { externalDir } from "@quorum/testing/external";

const { values: args } = parseArgs({
  options: {
    dir: { type: "string", default: externalDir() },
    only: { type: "string" },
    verbose: { type: "boolean", default: false },
    child: { type: "boolean", default: false },
  },
});

const TIMEOUT_MS = 60_000;

interface Read {
  file: string;
  pages?: string[];
  ms?: number;
  error?: string;
}

/** Child: reads the files named on stdin, one JSON result per line on stdout. */
async function child() {
  const { Extract } = await import("../packages/core/src/extract/index");
  const lines = createInterface({ input: process.stdin });
  for await (const file of lines) {
    if (!file) continue;
    const started = performance.now();
    try {
      const result = await Extract.fromBuffer(readFileSync(file), { fileName: file, ocr: false });
      const ms = performance.now() - started;
      process.stdout.write(`${JSON.stringify({ file, pages: result.pages.map((p) => p.text), ms } satisfies Read)}\n`);
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ file, error: (error as Error).message } satisfies Read)}\n`);
    }
  }
}

/** Reads every file in child processes, starting a new one after a crash or a hang. */
async function readAll(files: string[]): Promise<Map<string, Read>> {
  const results = new Map<string, Read>();
  const script = fileURLToPath(import.meta.url);
  let next = 0;
  while (next < files.length) {
    const proc = spawn(process.execPath, ["--max-old-space-size=1024", "--import", "tsx", script, "--child"], {
      stdio: ["pipe", "pipe", "ignore"],
    });
    await new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const send = () => {
        clearTimeout(timer);
        if (next >= files.length) return proc.stdin.end();
        const file = files[next]!;
        timer = setTimeout(() => {
          results.set(file, { file, error: "timeout" });
          next++;
          proc.kill("SIGKILL");
        }, TIMEOUT_MS);
        proc.stdin.write(`${file}\n`);
      };
      createInterface({ input: proc.stdout }).on("line", (line) => {
        const read = JSON.parse(line) as Read;
        results.set(read.file, read);
        next++;
        send();
      });
      proc.on("exit", (code) => {
        clearTimeout(timer);
        if (next < files.length && !results.has(files[next]!)) {
          results.set(files[next]!, { file: files[next]!, error: `exit ${code}` });
          next++;
        }
        resolve();
      });
      send();
    });
  }
  return results;
}

// bidi controls: pdftotext marks right-to-left runs with embeddings
const words = (line: string) =>
  line
    .normalize("NFKC")
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .replace(/ \| /g, " ")
    .trim()
    .split(/\s+/)
    .join(" ");

function reference(file: string): string[][] | undefined {
  const run = spawnSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], {
    encoding: "utf8",
    timeout: TIMEOUT_MS,
    maxBuffer: 1 << 28,
  });
  if (run.status !== 0 || !run.stdout) return undefined;
  const pages = run.stdout.split("\f").map((page) => page.split("\n").filter((l) => words(l) !== ""));
  return pages.some((p) => p.length > 0) ? pages : undefined;
}

/**
 * Reference lines of one page that our page reproduces, word for word; and the reference
 * line's pieces between wide gaps (3+ spaces: columns) found whole inside one of our lines,
 * which does not depend on whether side-by-side blocks are read row by row or block by block.
 */
function agreement(raw: string[], ours: string[]): { matched: number; missed: string[]; pieces: number; piecesFound: number } {
  const mine = ours.map(words).filter((l) => l !== "");
  const have = new Map<string, number>();
  for (const line of mine) have.set(line, (have.get(line) ?? 0) + 1);
  const padded = mine.map((l) => ` ${l} `);
  let pieces = 0;
  let piecesFound = 0;
  for (const piece of raw.flatMap((l) => l.split(/\s{3,}/)).map(words)) {
    if (piece === "") continue;
    pieces++;
    if (padded.some((l) => l.includes(` ${piece} `))) piecesFound++;
  }
  const ref = raw.map(words);
  let matched = 0;
  const missed: string[] = [];
  for (const line of ref) {
    const n = have.get(line) ?? 0;
    if (n > 0) {
      have.set(line, n - 1);
      matched++;
    } else missed.push(line);
  }
  return { matched, missed, pieces, piecesFound };
}

function pdfsUnder(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? pdfsUnder(path) : /\.pdf$/i.test(name) ? [path] : [];
    })
    .sort();
}

async function main() {
  const dir = args.dir;
  if (!dir) throw new Error("No documents: set QUORUM_EXTERNAL_DIR or pass --dir <path to shared/external>.");
  if (spawnSync("pdftotext", ["-v"]).error) throw new Error("pdftotext (Debian poppler-utils) is not installed.");
  const candidates = ["dev", "invoice2data", "robustness"].flatMap((set) => pdfsUnder(join(dir, set)));
  const refs = new Map<string, string[][]>();
  for (const file of candidates.filter((f) => !args.only || f.includes(args.only))) {
    const ref = reference(file);
    if (ref) refs.set(file, ref);
  }
  const files = [...refs.keys()];
  console.log(`${files.length} PDFs with a text layer`);
  const reads = await readAll(files);

  const sets = new Map<string, { matched: number; total: number; files: number; pieces: number; piecesFound: number }>();
  let pages = 0;
  let ms = 0;
  for (const file of files) {
    const ref = refs.get(file)!;
    const read = reads.get(file)!;
    const set = relative(dir, file).split("/")[0]!;
    const score = (sets.get(set) ?? sets.set(set, { matched: 0, total: 0, files: 0, pieces: 0, piecesFound: 0 }).get(set))!;
    score.files++;
    let matched = 0;
    let total = 0;
    const missed: string[] = [];
    ref.forEach((lines, i) => {
      const result = agreement(lines, read.pages?.[i]?.split("\n") ?? []);
      matched += result.matched;
      total += lines.length;
      score.pieces += result.pieces;
      score.piecesFound += result.piecesFound;
      missed.push(...result.missed.map((l) => `p${i + 1}: ${l}`));
    });
    score.matched += matched;
    score.total += total;
    if (read.pages && read.ms !== undefined) {
      pages += read.pages.length;
      ms += read.ms;
    }
    if (args.verbose) {
      console.log(`${relative(dir, file)}: ${matched}/${total}${read.error ? ` (${read.error})` : ""}`);
      if (args.only) for (const line of missed.slice(0, 200)) console.log(`    missed ${line}`);
    }
  }
  let matched = 0;
  let total = 0;
  const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
  for (const [set, score] of sets) {
    matched += score.matched;
    total += score.total;
    console.log(
      `${set.padEnd(13)} ${score.files} PDFs  lines ${score.matched}/${score.total} = ${pct(score.matched, score.total)}  column pieces ${score.piecesFound}/${score.pieces} = ${pct(score.piecesFound, score.pieces)}`,
    );
  }
  console.log(
    `Extract.fromBuffer: ${pages} pages in ${(ms / 1000).toFixed(2)} s = ${(pages / Math.max(ms / 1000, 1e-9)).toFixed(1)} pages/s`,
  );
  console.log(`layout agreement with pdftotext -layout: ${matched}/${total} lines = ${((100 * matched) / Math.max(1, total)).toFixed(1)}%`);
}

(args.child ? child() : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
