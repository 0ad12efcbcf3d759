/**
 * `npm run bench:stream`: how soon a streamed answer shows its first word, and how
 * long it takes in all, through the whole local stack over HTTP (gateway, token
 * check, quota, storage, the real OpenAI client) against fake models of fixed
 * latency: the first token after 300 ms, then 40 tokens per second.
 *
 *   single model   the first text event, and done
 *   research       the first word of any model's card, and done (three proposers
 *                  of 40, 60 and 80 tokens, then a 60-token synthesis)
 *   project chat   the first text event, and done (one project, one model, lexical
 *                  retrieval: with embeddings the question's embedding call comes first)
 *
 * Each is run BENCH_RUNS times (5) after a warm-up; the medians are compared with
 * what the fakes alone take. Exits 1 when a target is missed:
 *   first token <= 1.2 x 300 ms + 50 ms; research first token <= 1.2 x the fastest
 *   proposer's; research total <= 1.1 x (slowest proposer + synthesis).
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { fakeModelSettings, openAiStreams, startFakeServer, type FakeCall } from "../packages/testing/src/fake-models";
import { call, callStream, signedInUser, type StreamedEvent } from "../packages/local/src/testing";

const FIRST_TOKEN_MS = 300;
const TOKENS_PER_SECOND = 40;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const words = (n: number, topic: string) => Array.from({ length: n }, (_, i) => `${topic}${i + 1}`).join(" ");
/** What a fake takes to write `tokens` tokens. */
const fakeMs = (tokens: number) => FIRST_TOKEN_MS + (tokens / TOKENS_PER_SECOND) * 1000;

const LENGTHS = { gpt: 40, gemini: 60, deepseek: 80, synthesis: 60 };
const timing = { firstTokenMs: FIRST_TOKEN_MS, tokensPerSecond: TOKENS_PER_SECOND };
const isSynthesis = (c: FakeCall) => JSON.stringify(c.body).includes("### Response A");

const root = fileURLToPath(new URL("..", import.meta.url));

async function startStack(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ["--openssl-legacy-provider", "--import", "tsx", "packages/local/src/dev.ts", "--memory", "--auto-ports", "--web", "none"],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, ...env, AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: "1" } },
  );
  const ready = await new Promise<Record<string, string>>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the local stack exited (${code})`)));
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("QUORUM_READY ")) resolve(JSON.parse(line.slice("QUORUM_READY ".length)));
    });
  });
  Object.assign(process.env, ready);
  return () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const firstAt = (events: StreamedEvent[], name: string) => events.find((e) => e.event === name)?.at ?? NaN;

async function measure(run: () => Promise<StreamedEvent[]>, firstEvent: string) {
  await run(); // warm-up: modules loaded, connections open
  const first: number[] = [];
  const total: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const events = await run();
    const last = events.at(-1);
    if (last?.event !== "done") throw new Error(`the answer did not finish: ${JSON.stringify(last)}`);
    first.push(firstAt(events, firstEvent));
    total.push(last.at);
  }
  return { first: median(first), total: median(total) };
}

async function main() {
  const [gpt, gemini, deepseek] = await Promise.all([
    startFakeServer((c) => openAiStreams(isSynthesis(c) ? words(LENGTHS.synthesis, "combined") : words(LENGTHS.gpt, "gpt"), timing)(c)),
    startFakeServer(openAiStreams(words(LENGTHS.gemini, "gemini"), timing)),
    startFakeServer(openAiStreams(words(LENGTHS.deepseek, "deepseek"), timing)),
  ]);
  console.log("starting the local stack with three fake models ...");
  const stop = await startStack({
    ...fakeModelSettings({ gpt, gemini, deepseek }),
    RESEARCH_SYNTHESIZER: "gpt",
    // The benchmark asks more questions than a free plan's day allows.
    STARTER_DAILY_QUESTIONS: "100000",
    // Lexical retrieval: the fakes have no embedding model (a question's embedding adds its provider's own latency).
    EMBEDDINGS: "off",
  });
  try {
    const user = await signedInUser();
    await call(user, "POST", "/api/auth/login", { firebaseUid: user.uid, email: user.email, displayName: null });
    const project = await call(user, "POST", "/api/projects", { name: "Harbour Crane Refit" });
    const projectId = project.body.project.id as number;
    const ask = (path: string, body: unknown) => async () => (await callStream(user, path, body)).events;

    const single = await measure(ask("/api/chat", { model: "gemini", message: "How tall is the tower?" }), "text");
    const research = await measure(
      ask("/api/chat", { model: "quorum", message: "How tall is the tower?", budgetSeconds: 60 }),
      "model-text",
    );
    const projectChat = await measure(ask(`/api/projects/${projectId}/chat`, { message: "What is this project about?" }), "text");

    const singleFake = fakeMs(LENGTHS.gemini);
    const researchFake = fakeMs(Math.max(LENGTHS.gpt, LENGTHS.gemini, LENGTHS.deepseek)) + fakeMs(LENGTHS.synthesis);
    const firstLimit = 1.2 * FIRST_TOKEN_MS + 50;
    const rows = [
      { name: "single model", ...single, fake: singleFake, firstLimit, totalLimit: Infinity },
      { name: "research", ...research, fake: researchFake, firstLimit: 1.2 * FIRST_TOKEN_MS, totalLimit: 1.1 * researchFake },
      { name: "project chat", ...projectChat, fake: fakeMs(LENGTHS.gpt), firstLimit, totalLimit: Infinity },
    ];
    console.log(`\nmedians of ${RUNS} runs (fake models: first token ${FIRST_TOKEN_MS} ms, ${TOKENS_PER_SECOND} tokens/s)\n`);
    console.log("                first token  (target)      total  (fakes alone)  (target)");
    let failed = false;
    for (const r of rows) {
      const okFirst = r.first <= r.firstLimit;
      const okTotal = r.total <= r.totalLimit;
      failed ||= !okFirst || !okTotal;
      console.log(
        `${r.name.padEnd(14)} ${`${Math.round(r.first)} ms`.padStart(11)}  (<= ${Math.round(r.firstLimit)}) ${okFirst ? "ok  " : "MISS"}` +
          ` ${`${Math.round(r.total)} ms`.padStart(9)}  (${Math.round(r.fake)} ms)` +
          (Number.isFinite(r.totalLimit) ? `  (<= ${Math.round(r.totalLimit)}) ${okTotal ? "ok" : "MISS"}` : ""),
      );
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    await stop();
    await Promise.all([gpt.close(), gemini.close(), deepseek.close()]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
