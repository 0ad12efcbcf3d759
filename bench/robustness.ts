/**
 * `npm run bench:robustness`: every file of the robustness corpus (../shared/external/robustness:
 * corrupt, encrypted, huge, cyclic, old-format and odd real-world files) through
 * `Extract.fromBuffer`, each in a process of its own with a 1 GB heap and a 60 s deadline, two
 * at a time. The readers run in-process here, without the product's worker isolation, so the
 * bench measures the readers themselves: a hang or an out-of-memory is a reader to fix, not
 * something the safety net may hide.
 *
 * Each file ends as one of:
 *   ok           text came back (or an honest empty result, counted apart as "empty")
 *   clear-error  a VisibleError whose message is one of extraction's own failure messages
 *                (`Extract.isFailureMessage`): a closed list of sentences written for people.
 *                Anything else that reaches the caller (a library's wording such as "Invalid
 *                Root reference", a TypeError, an unlisted message) is a crash.
 *   crash        a raw error, or the process died
 *   hang         no answer within the deadline (the process is killed)
 *   oom          the process ran out of heap
 * and the last line reads `robustness: N files, ok A, clear-error B, crash C, hang D, oom E,
 * worst RSS X MB` (peak resident memory of the worst file's process).
 *
 *   --dir <path>    the corpus (default: robustness/ in QUORUM_EXTERNAL_DIR or ../shared/external)
 *   --only <text>   files whose path contains this text
 *   --verbose       one line per file: outcome, time, peak RSS, and the text size or the message
 *   --jobs <n>      files at once (default 2)
 *   --timeout <s>   seconds per file (default 60)
 */
import { spawn } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { parseArgs } from "node:util";
import { externalDir } from "@quorum/testing/external";

const { values: args } = parseArgs({
  options: {
    dir: { type: "string" },
    only: { type: "string" },
    verbose: { type: "boolean", default: false },
    jobs: { type: "string", default: "2" },
    timeout: { type: "string", default: "60" },
    child: { type: "string" },
  },
});

const HEAP_MB = 1024;
const RESULT = "@@robustness ";

type Outcome = "ok" | "clear-error" | "crash" | "hang" | "oom";

interface ChildReport {
  outcome: "text" | "empty" | "clear-error" | "raw-error";
  chars?: number;
  pages?: number;
  warnings?: string[];
  message?: string;
  name?: string;
}

/** Child mode: one file, one extraction, one line of JSON on stdout. */
async function child(path: string) {
  const { Extract } = await import("../packages/core/src/extract/index");
  const { VisibleError } = await import("../packages/core/src/error");
  let report: ChildReport;
  try {
    const result = await Extract.fromBuffer(readFileSync(path), { fileName: basename(path) });
    const text = Extract.text(result);
    report = { outcome: text.trim() ? "text" : "empty", chars: text.length, pages: result.pages.length, warnings: result.warnings };
  } catch (error) {
    const visible = error instanceof VisibleError && Extract.isFailureMessage(error.message);
    report = {
      outcome: visible ? "clear-error" : "raw-error",
      message: (error as Error)?.message ?? String(error),
      name: (error as Error)?.name,
    };
  }
  await Extract.terminateOcr();
  process.stdout.write(`${RESULT}${JSON.stringify(report)}\n`, () => process.exit(0));
}

function files(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    })
    .filter((path) => !path.endsWith("SOURCES.md"))
    .sort();
}

/** Peak resident memory of a process so far (Linux), in MB; 0 where /proc is missing. */
function peakRssMb(pid: number): number {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface Row {
  file: string;
  outcome: Outcome;
  detail: string;
  seconds: number;
  rssMb: number;
}

function run(path: string, timeoutMs: number): Promise<Row> {
  return new Promise((resolve) => {
    const started = performance.now();
    const proc = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, "--import", "tsx", import.meta.filename, "--child", path], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let rssMb = 0;
    let timedOut = false;
    proc.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    proc.stderr.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
    const poll = setInterval(() => (rssMb = Math.max(rssMb, peakRssMb(proc.pid!))), 100);
    const timer = setTimeout(() => {
      timedOut = true;
      proc.kill("SIGKILL");
    }, timeoutMs);
    // the process's last VmHWM is read before it is reaped
    proc.on("exit", () => (rssMb = Math.max(rssMb, peakRssMb(proc.pid!))));
    proc.on("close", (code, signal) => {
      clearInterval(poll);
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      const row = (outcome: Outcome, detail: string): Row => ({ file: path, outcome, detail, seconds, rssMb });
      const line = stdout.split("\n").find((l) => l.startsWith(RESULT));
      if (timedOut) return resolve(row("hang", `no answer in ${timeoutMs / 1000} s`));
      if (/heap out of memory|Reached heap limit|Allocation failed/i.test(stderr))
        return resolve(row("oom", "JavaScript heap out of memory"));
      if (!line) {
        const last = stderr.trim().split("\n").slice(-3).join(" / ");
        return resolve(row("crash", `process died (${signal ?? `exit ${code}`}): ${last}`));
      }
      const report = JSON.parse(line.slice(RESULT.length)) as ChildReport;
      if (report.outcome === "text" || report.outcome === "empty") {
        const warned = report.warnings?.length ? `; warnings: ${report.warnings.join(" ")}` : "";
        return resolve(row("ok", `${report.outcome === "empty" ? "EMPTY " : ""}${report.chars} chars, ${report.pages} pages${warned}`));
      }
      return resolve(row(report.outcome === "clear-error" ? "clear-error" : "crash", `${report.name}: ${report.message}`));
    });
  });
}

async function main() {
  const root = args.dir ?? (externalDir() ? join(externalDir()!, "robustness") : undefined);
  if (!root) throw new Error("No robustness corpus: set QUORUM_EXTERNAL_DIR or pass --dir <path to shared/external/robustness>.");
  const list = files(root).filter((f) => !args.only || relative(root, f).includes(args.only));
  const jobs = Math.max(1, Number(args.jobs));
  const timeoutMs = Number(args.timeout) * 1000;
  const rows: Row[] = [];
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const path = list[next++]!;
      const row = await run(path, timeoutMs);
      rows.push(row);
      if (args.verbose) {
        const head = `${row.outcome.padEnd(11)} ${row.seconds.toFixed(1).padStart(5)} s ${row.rssMb.toFixed(0).padStart(5)} MB`;
        console.log(`${head}  ${relative(root, path)}: ${row.detail.slice(0, 300)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));

  const count = (o: Outcome) => rows.filter((r) => r.outcome === o).length;
  const empty = rows.filter((r) => r.outcome === "ok" && r.detail.startsWith("EMPTY")).length;
  const worst = rows.reduce((a, b) => (b.rssMb > a.rssMb ? b : a), rows[0]!);
  const slowest = rows.reduce((a, b) => (b.seconds > a.seconds ? b : a), rows[0]!);
  console.log(
    `ok with no text: ${empty}; slowest: ${relative(root, slowest.file)} ${slowest.seconds.toFixed(1)} s; worst RSS: ${relative(root, worst.file)}`,
  );
  console.log(
    `robustness: ${rows.length} files, ok ${count("ok")}, clear-error ${count("clear-error")}, crash ${count("crash")}, hang ${count("hang")}, oom ${count("oom")}, worst RSS ${worst.rssMb.toFixed(0)} MB`,
  );
}

if (args.child) await child(args.child);
else
  await main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
