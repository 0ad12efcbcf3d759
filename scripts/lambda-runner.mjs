// The simulated Lambda runtime of `npm run check:lambda`, run in the bare package directory:
// loads the bundle as the Node.js runtime does (an ESM import, timed: the function's init), then
// calls the handler with the event and a context, or, with --read, has the package read a document
// in its extraction child exactly as the deployed function does: the isolation module forks its
// own file (the bundle, or with code splitting the chunk that holds it), which is the file given.
// Prints one JSON line. Plain JavaScript: nothing from the repository may be loaded here.
import { Buffer } from "node:buffer";
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";

const [bundle, exportName, ...rest] = process.argv.slice(2);
const print = (value) => {
  process.stdout.write(`\n${JSON.stringify(value)}\n`);
  // a warm SDK client or an OCR worker keeps the loop alive; the runtime freezes it, we end it
  process.exit(0);
};

if (exportName === "--read") {
  const [file, fileName] = rest;
  const child = fork(bundle, [], {
    env: { ...process.env, QUORUM_EXTRACT_CHILD: "1" },
    serialization: "advanced",
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.on("exit", (code) => print({ error: `the reader exited (${code}): ${stderr.trim()}` }));
  child.on("message", (reply) => {
    if (reply.type === "ready") child.send({ buffer: new Uint8Array(readFileSync(file)), options: { fileName, ocr: true } });
    else if (reply.type === "done") print({ text: reply.result.pages.map((page) => page.text).join("\n") });
    else print({ error: `${reply.error.name}: ${reply.error.message}` });
  });
} else {
  const [eventFile] = rest;
  // the globals the Node.js runtime gives a function configured for response streaming
  const STREAMING = Symbol("streaming");
  const preludes = new WeakMap();
  globalThis.awslambda = {
    streamifyResponse: (handler) => Object.assign(handler, { [STREAMING]: true }),
    HttpResponseStream: { from: (stream, prelude) => (preludes.set(stream, prelude), stream) },
  };
  const event = JSON.parse(readFileSync(eventFile, "utf8"));
  const cpu = process.cpuUsage();
  const started = performance.now();
  let handler;
  try {
    handler = (await import(pathToFileURL(bundle).href))[exportName];
  } catch (error) {
    print({ initMs: 0, initCpuMs: 0, error: `init: ${error?.stack ?? error}` });
  }
  const used = process.cpuUsage(cpu);
  const timing = { initMs: Math.round(performance.now() - started), initCpuMs: Math.round((used.user + used.system) / 1000) };
  if (typeof handler !== "function") print({ ...timing, error: `no handler export "${exportName}"` });
  const context = {
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
    awsRequestId: "check",
    getRemainingTimeInMillis: () => 25_000,
    callbackWaitsForEmptyEventLoop: false,
  };
  try {
    if (!handler[STREAMING]) print({ ...timing, result: await handler(event, context) });
    const stream = new PassThrough();
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    await handler(event, stream, context);
    const prelude = preludes.get(stream) ?? {};
    print({ ...timing, result: { statusCode: prelude.statusCode, headers: prelude.headers, body: Buffer.concat(chunks).toString() } });
  } catch (error) {
    print({ ...timing, error: `${error?.name ?? "Error"}: ${error?.message ?? error}` });
  }
}
