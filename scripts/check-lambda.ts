/**
 * `npm run check:lambda`: every Lambda function as it would ship, proved without AWS.
 *
 * Each function's handler module is bundled with SST 4.17's own esbuild options (its Go builder,
 * pkg/runtime/node/build.go: ESM, node platform, keepNames, module/main fields, its
 * createRequire banner, `nodejs.install` packages external) plus ours from infra/packaging.ts,
 * then copied into a bare directory outside the repository holding only what the package would:
 * the bundle (the handler's file and the chunks code splitting makes), the `nodejs.install` packages (copied from the lockfile's installation with their
 * dependencies, as SST's `npm install` would fetch them) and `copyFiles`. There, in a fresh
 * Node process with Lambda's environment and no network endpoints, each handler is loaded (its
 * initialisation timed) and invoked with a representative event; the functions that read
 * documents also read a scanned PDF and a CJK PDF through their own packaged reader.
 *
 * It fails on a failed build or invocation, an asset the package lacks, or a missed budget.
 * `--only <name substring>` narrows it down; `--json <file>` writes the table.
 */
import { build, type Metafile, type Plugin } from "esbuild";
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { parseHandler, routes, type RouteEntry } from "../packages/functions/src/routes";
import { START_FAILED, STARTER, STEPS } from "../packages/functions/src/pipeline/steps";
import { installedDir, packagingFor, readsDocumentsRoute, readsDocumentsStep, type Packaging } from "../infra/packaging";
import { sampleDocuments, type SampleDocument } from "./lambda-samples";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Budgets on this machine (issue 27): minified bytes Node loads with the handler (its file and the
 * chunks that file imports; what a dynamic `import()` reaches loads when that line runs) and CPU
 * milliseconds to load it.
 */
const BUDGET = { apiBytes: 1.5 * 1024 * 1024, apiInitCpuMs: 300, lightStepBytes: 1024 * 1024, extractUnzipped: 100 * 1024 * 1024 };
/**
 * Functions known to miss a budget, each with the size loaded at start it may not grow past and
 * why: CI guards every other function now and these from growing; each run prints them. Every
 * function meets its budgets today.
 */
const OVER_BUDGET: Record<string, { startKb: number; reason: string }> = {};

/** Pipeline steps that do no reading or model work. */
const LIGHT_STEPS = new Set(["Validate", "Complete", "RecordFailure", "Discard", "PollTextract", "Starter", "StartFailed"]);

interface LambdaFunction {
  name: string;
  kind: "api" | "step";
  /** "<module under packages/functions/src>.<export>" */
  handler: string;
  packaging: Packaging;
  /** It reads PDFs and scans itself (the chat's attachments, the pipeline's extract step). */
  readsDocuments: boolean;
  /** The HTTP route it serves (API functions). */
  route?: string;
}

function functions(): LambdaFunction[] {
  const api = (Object.entries(routes) as [string, RouteEntry][]).map(([key, entry]) => ({
    name: key,
    kind: "api" as const,
    handler: entry.handler,
    packaging: packagingFor(readsDocumentsRoute(entry)),
    readsDocuments: readsDocumentsRoute(entry),
    route: key,
  }));
  const steps = [...Object.entries(STEPS), ["Starter", STARTER] as const, ["StartFailed", START_FAILED] as const].map(([state, step]) => ({
    name: state,
    kind: "step" as const,
    handler: step.handler,
    packaging: packagingFor(readsDocumentsStep(state)),
    readsDocuments: readsDocumentsStep(state),
  }));
  return [...api, ...steps];
}

interface Bundle {
  /** The handler's file. */
  file: string;
  metafile: Metafile;
  /** Bytes of the files Node loads with the handler: its file and the chunks it imports statically. */
  atStart: number;
  /** Bytes of every JavaScript file of the bundle, the lazily loaded chunks included. */
  total: number;
  /** The file holding the extraction child's entry (extract/isolate.ts forks its own file), if any. */
  readerFile?: string;
}

/** SST's esbuild options for one handler (pkg/runtime/node/build.go, not dev mode). */
async function bundle(fn: LambdaFunction, out: string): Promise<Bundle> {
  const { module } = parseHandler(fn.handler);
  const entry = path.join(ROOT, "packages/functions/src", `${module}.ts`);
  const file = path.join(out, `${path.basename(module)}.mjs`);
  const plugins = (await import(path.join(ROOT, fn.packaging.nodejs.plugins))) as { default: Plugin[] };
  const { splitting } = fn.packaging.nodejs;
  const result = await build({
    entryPoints: [entry],
    platform: "node",
    external: ["sharp", "pg-native", ...Object.keys(fn.packaging.nodejs.install ?? {})],
    keepNames: true,
    bundle: true,
    metafile: true,
    // with splitting SST writes the handler and its chunks into the function's directory, as .mjs
    ...(splitting ? { splitting, outdir: out, outExtension: { ".js": ".mjs" } } : { outfile: file }),
    format: "esm",
    target: "esnext",
    mainFields: ["module", "main"],
    banner: {
      js: [
        `import { createRequire as topLevelCreateRequire } from 'module';`,
        `const require = topLevelCreateRequire(import.meta.url);`,
        `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
        `const __filename = topLevelFileUrlToPath(import.meta.url)`,
        `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
      ].join("\n"),
    },
    minify: fn.packaging.nodejs.minify,
    plugins: plugins.default,
    logLevel: "error",
  });
  const outputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([name, output]) => [path.resolve(name), output]));
  if (!outputs[file]) throw new Error(`${fn.name}: esbuild wrote no ${path.basename(file)}`);
  const loaded = new Set<string>();
  const pending = [file];
  while (pending.length) {
    const next = pending.pop()!;
    if (loaded.has(next)) continue;
    loaded.add(next);
    for (const i of outputs[next]!.imports)
      if (i.kind === "import-statement" && outputs[path.resolve(i.path)]) pending.push(path.resolve(i.path));
  }
  const javascript = Object.entries(outputs).filter(([name]) => name.endsWith(".mjs"));
  return {
    file,
    metafile: result.metafile,
    atStart: [...loaded].reduce((sum, name) => sum + outputs[name]!.bytes, 0),
    total: javascript.reduce((sum, [, output]) => sum + output.bytes, 0),
    readerFile: javascript.find(([, output]) =>
      Object.keys(output.inputs).some((input) => input.endsWith("core/src/extract/isolate.ts")),
    )?.[0],
  };
}

/** A package and its dependencies, copied as `npm install` lays them out (flat, first found wins). */
function install(name: string, from: string, nodeModules: string) {
  const dir = installedDir(name, from);
  const target = path.join(nodeModules, name);
  if (existsSync(target)) return;
  cpSync(dir, target, { recursive: true, dereference: true });
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { dependencies?: Record<string, string> };
  for (const dependency of Object.keys(manifest.dependencies ?? {})) install(dependency, dir, nodeModules);
}

/** The function package: bundle, installed packages and copied files, nothing else. */
function pack(fn: LambdaFunction, bundleDir: string, packageDir: string) {
  cpSync(bundleDir, packageDir, { recursive: true });
  for (const name of Object.keys(fn.packaging.nodejs.install ?? {}))
    install(name, path.join(ROOT, "packages/core"), path.join(packageDir, "node_modules"));
  for (const { from, to } of fn.packaging.copyFiles ?? []) {
    const source = path.join(ROOT, from);
    if (!existsSync(source)) throw new Error(`copyFiles: ${from} does not exist`);
    cpSync(source, path.join(packageDir, to), { recursive: true, dereference: true });
  }
}

function sizes(dir: string): { bytes: number; gzip: number } {
  let bytes = 0;
  let gzip = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    bytes += statSync(file).size;
    // Lambda's 250 MB limit is on the unzipped package; the zip is deflate per file
    gzip += gzipSync(readFileSync(file), { level: 6 }).length;
  }
  return { bytes, gzip };
}

/**
 * Lambda's environment for a Node 22 function, pointed at nowhere: an AWS call fails at once
 * (connection refused) instead of reaching the internet.
 */
function lambdaEnvironment(fn: LambdaFunction, packageDir: string): NodeJS.ProcessEnv {
  const nowhere = "http://127.0.0.1:9";
  return {
    PATH: process.env.PATH,
    LANG: "en_US.UTF-8",
    TZ: ":UTC",
    HOME: packageDir,
    LAMBDA_TASK_ROOT: packageDir,
    AWS_LAMBDA_FUNCTION_NAME: `quorum-check-${fn.name.replace(/[^A-Za-z0-9]+/g, "-")}`,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: "1024",
    AWS_EXECUTION_ENV: "AWS_Lambda_nodejs22.x",
    AWS_REGION: "us-east-1",
    AWS_DEFAULT_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "check",
    AWS_SECRET_ACCESS_KEY: "check",
    AWS_ENDPOINT_URL: nowhere,
    AWS_MAX_ATTEMPTS: "1",
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: "1",
    STAGE: "check",
    APP_VERSION: "check",
    TABLE_NAME: "quorum-check",
    BUCKET_NAME: "quorum-check",
    FIREBASE_PROJECT_ID: "quorum-check",
    TEXTRACT_ENABLED: "false",
    // infra gives the functions that link to the site the Router's address (infra/mail.ts siteUrlFor)
    SITE_URL: "https://quorum-check.example",
    PIPELINE_STATE_MACHINE_ARN: "arn:aws:states:us-east-1:000000000000:stateMachine:quorum-check",
    // linked secrets, as SST hands them to a function
    SST_RESOURCE_FirebaseProjectId: JSON.stringify({ value: "quorum-check" }),
    SST_RESOURCE_NotifySigningSecret: JSON.stringify({ value: "check-lambda-signing-secret-0123456789abcdef" }),
    // no --max-old-space-size: the runtime sets one from the memory size, the check leaves room
  };
}

const RUNNER = path.join(import.meta.dirname, "lambda-runner.mjs");

interface Invocation {
  initMs: number;
  initCpuMs: number;
  result?: unknown;
  error?: string;
}

async function invoke(fn: LambdaFunction, packageDir: string, bundleFile: string, event: unknown): Promise<Invocation> {
  const { exportName } = parseHandler(fn.handler);
  const eventFile = path.join(path.dirname(packageDir), `${path.basename(packageDir)}.event.json`);
  writeFileSync(eventFile, JSON.stringify(event));
  const { stdout } = await run(process.execPath, [RUNNER, bundleFile, exportName, eventFile], {
    cwd: packageDir,
    env: lambdaEnvironment(fn, packageDir),
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split("\n").pop()!) as Invocation;
}

/** An HTTP API (payload 2.0) event for the route, without credentials. */
function httpEvent(route: string) {
  const [method, rawPath] = route.split(" ") as [string, string];
  const pathParameters = Object.fromEntries([...rawPath.matchAll(/\{(\w+)\+?\}/g)].map((m) => [m[1], "1"]));
  const requestPath = rawPath.replace(/\{\w+\+?\}/g, "1");
  return {
    version: "2.0",
    routeKey: route,
    rawPath: requestPath,
    rawQueryString: "",
    headers: { "content-type": "application/json", host: "check.execute-api.us-east-1.amazonaws.com" },
    requestContext: {
      http: { method, path: requestPath, protocol: "HTTP/1.1", sourceIp: "203.0.113.9", userAgent: "check-lambda" },
      requestId: "check",
      routeKey: route,
      stage: "$default",
      timeEpoch: Date.now(),
    },
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    body: method === "GET" || method === "DELETE" ? undefined : "{}",
    isBase64Encoded: false,
  };
}

/**
 * What counts as a good answer without AWS: an HTTP answer the route wrapper shaped (a status
 * and a JSON body); the health check says 200 or 503 (its dependencies are unreachable here).
 * A 500 is a failure: the wrapper answers 500 only for what it did not foresee (a 503 is a
 * deliberate "not configured on this stage", e.g. payments without Stripe keys).
 */
function checkHttp(route: string, result: unknown): string | undefined {
  const answer = result as { statusCode?: number; body?: string };
  if (typeof answer?.statusCode !== "number") return `no HTTP answer: ${JSON.stringify(result)?.slice(0, 200)}`;
  if (route === "GET /api/health" && ![200, 503].includes(answer.statusCode)) return `health answered ${answer.statusCode}`;
  if (answer.statusCode === 500) return `answered 500: ${answer.body?.slice(0, 200)}`;
  return undefined;
}

/** A step given a malformed input refuses it through its input schema: its code loaded and ran. */
function checkStep(result: Invocation): string | undefined {
  if (result.error === undefined) return undefined;
  return /ZodError|invalid|Expected|Required|DocumentGone/i.test(result.error) ? undefined : result.error.slice(0, 300);
}

/** The functions that read documents read the samples through the reader they ship. */
async function readSamples(fn: LambdaFunction, packageDir: string, bundleFile: string, samples: SampleDocument[]): Promise<string[]> {
  const problems: string[] = [];
  for (const sample of samples) {
    const file = path.join(path.dirname(packageDir), `${sample.name}.bin`);
    writeFileSync(file, sample.bytes);
    const { stdout } = await run(process.execPath, [RUNNER, bundleFile, "--read", file, sample.fileName], {
      cwd: packageDir,
      env: lambdaEnvironment(fn, packageDir),
      timeout: 180_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const { text, error } = JSON.parse(stdout.trim().split("\n").pop()!) as { text?: string; error?: string };
    if (error) problems.push(`${sample.name}: ${error}`);
    else if (!sample.expect.test(text ?? ""))
      problems.push(`${sample.name}: read ${JSON.stringify((text ?? "").slice(0, 120))}, expected ${sample.expect}`);
  }
  return problems;
}

const packageName = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const args = process.argv.slice(2);
  const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
  const jsonOut = args.includes("--json") ? args[args.indexOf("--json") + 1] : undefined;
  const skipInvoke = args.includes("--no-invoke");
  const all = functions().filter((fn) => !only || fn.name.includes(only) || fn.handler.includes(only));

  const work = mkdtempSync(path.join(tmpdir(), "quorum-lambda-"));
  const samples = skipInvoke ? [] : await sampleDocuments();
  const failures: string[] = [];
  const overBudget = new Map<string, string>();
  const rows: Record<string, string | number>[] = [];
  try {
    // functions of one module with the same packaging are the same package: build, pack and load it once
    const groups = new Map<string, LambdaFunction[]>();
    for (const fn of all) {
      const key = `${parseHandler(fn.handler).module}|${JSON.stringify(fn.packaging)}`;
      groups.set(key, [...(groups.get(key) ?? []), fn]);
    }
    let index = 0;
    for (const [key, members] of groups) {
      const first = members[0]!;
      const label = key.split("|")[0]!;
      const buildDir = path.join(work, `build-${index}`);
      const packageDir = path.join(work, `package-${index++}`);
      mkdirSync(buildDir, { recursive: true });
      const { file, metafile, atStart: startBytes, total, readerFile } = await bundle(first, buildDir);
      pack(first, buildDir, packageDir);
      const packed = sizes(packageDir);
      const bundleFile = path.join(packageDir, path.basename(file));
      const inPackage = (built: string) => path.join(packageDir, path.relative(buildDir, built));

      // a package left out of the bundle (`nodejs.install`) that the package does not hold fails in
      // Lambda at the first call; other externals are esbuild's guarded optional requires
      const declared = new Set([...Object.keys(first.packaging.nodejs.install ?? {}), "sharp", "pg-native"]);
      const imported = new Set(
        Object.values(metafile.inputs).flatMap((input) => input.imports.filter((i) => i.external).map((i) => packageName(i.path))),
      );
      for (const name of imported) {
        if (declared.has(name) && !existsSync(path.join(packageDir, "node_modules", name, "package.json")))
          failures.push(`${label}: imports ${name}, which its package does not ship`);
      }

      // every member loads the same bundle: the least of their loads is its cost, the rest is the machine's noise
      let initMs = Infinity;
      let initCpuMs = Infinity;
      const problems: string[] = [];
      if (!skipInvoke) {
        for (const fn of members) {
          const event = fn.route
            ? httpEvent(fn.route)
            : ["Starter", "StartFailed"].includes(fn.name)
              ? { Records: [] }
              : { malformed: true };
          const result = await invoke(fn, packageDir, bundleFile, event).catch(
            (error: Error) => ({ initMs: 0, initCpuMs: 0, error: error.message }) as Invocation,
          );
          initMs = Math.min(initMs, result.initMs);
          initCpuMs = Math.min(initCpuMs, result.initCpuMs);
          const problem = fn.route
            ? (result.error ?? checkHttp(fn.route, result.result))
            : ["Starter", "StartFailed"].includes(fn.name)
              ? result.error
              : checkStep(result);
          if (problem) problems.push(`${fn.name}: ${problem}`);
        }
        // a load over budget on a busy machine is measured again before it counts
        for (let retry = 0; retry < 2 && first.kind === "api" && initCpuMs > BUDGET.apiInitCpuMs; retry++) {
          const again = await invoke(first, packageDir, bundleFile, first.route ? httpEvent(first.route) : {}).catch(() => undefined);
          if (again) initCpuMs = Math.min(initCpuMs, again.initCpuMs);
        }
        if (members.some((fn) => fn.readsDocuments)) {
          if (!readerFile) problems.push("reads documents but bundles no extraction child");
          else problems.push(...(await readSamples(first, packageDir, inPackage(readerFile), samples)));
        }
      }
      failures.push(...problems.map((p) => `${label}: ${p}`));

      const isApi = first.kind === "api";
      const light = members.some((fn) => LIGHT_STEPS.has(fn.name));
      const known = OVER_BUDGET[label];
      const budgetFailures: string[] = [];
      if (isApi && startBytes > BUDGET.apiBytes) budgetFailures.push(`${mb(startBytes)} loaded at start > ${mb(BUDGET.apiBytes)}`);
      if (isApi && !skipInvoke && initCpuMs > BUDGET.apiInitCpuMs)
        budgetFailures.push(`${initCpuMs} ms CPU to initialise > ${BUDGET.apiInitCpuMs}`);
      if (light && startBytes > BUDGET.lightStepBytes)
        budgetFailures.push(`light step: ${mb(startBytes)} loaded at start > ${mb(BUDGET.lightStepBytes)}`);
      if (!known) failures.push(...budgetFailures.map((f) => `${label}: ${f}`));
      else if (startBytes > known.startKb * 1024)
        failures.push(`${label}: ${kb(startBytes)} loaded at start grew past its recorded ${known.startKb} KB`);
      else if (budgetFailures.length) overBudget.set(label, `${label}: ${budgetFailures.join(", ")} (known: ${known.reason})`);
      if (packed.bytes > BUDGET.extractUnzipped)
        failures.push(`${label}: package ${mb(packed.bytes)} unzipped > ${mb(BUDGET.extractUnzipped)}`);

      const row = {
        function: label,
        routes: members.length,
        "at start": kb(startBytes),
        "all JS": kb(total),
        package: mb(packed.bytes),
        gzip: mb(packed.gzip),
        "init ms": skipInvoke ? "-" : initMs,
        "init CPU ms": skipInvoke ? "-" : initCpuMs,
        ok: problems.length ? "FAIL" : "ok",
      };
      rows.push(row);
      console.log(Object.values(row).join("  "));
      rmSync(buildDir, { recursive: true, force: true });
      rmSync(packageDir, { recursive: true, force: true });
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.table(rows);
  if (overBudget.size) console.warn(`check:lambda: over budget, recorded in OVER_BUDGET:\n  ${[...overBudget.values()].join("\n  ")}`);
  // a listed function that meets every budget again must leave the list
  const built = new Set(rows.map((row) => String(row.function)));
  for (const label of Object.keys(OVER_BUDGET)) {
    if (built.has(label) && !overBudget.has(label) && !skipInvoke)
      failures.push(`${label}: meets its budgets now; remove it from OVER_BUDGET`);
  }
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify(rows, null, 2));
  if (failures.length) {
    console.error(`check:lambda: ${failures.length} problem(s)\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`check:lambda: ${rows.length} packages (${all.length} functions) build, load and answer`);
}

await main();
