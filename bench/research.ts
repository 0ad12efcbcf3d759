/**
 * `npm run bench:research`: research mode's wall time against the time it
 * cannot avoid.
 *
 * Three fake OpenAI-compatible model servers answer after fixed latencies (GPT
 * 1 s, Gemini 2 s, Grok 3 s); GPT also synthesizes, in 1 s. Research mode asks
 * the three at once and then the synthesizer, so the floor is the slowest
 * answer plus the synthesis (3 s + 1 s); asking one after the other would take
 * 1 + 2 + 3 + 1 = 7 s. It runs the real engine (real openai client, real HTTP)
 * BENCH_RUNS times (3) after a warm-up and prints each run, then last
 * `ratio <median wall time / (slowest model + synthesizer)>`; at most 1.1 is the target.
 * No stack, keys or DynamoDB needed (model status is kept in memory here).
 */
import { Ai } from "@quorum/core/ai/index";
import { memoryStatusStore } from "@quorum/core/ai/status";
import { testConfig } from "@quorum/testing/model-config";
import { openAiReplies, startFakeServer, type FakeCall } from "@quorum/testing/fake-models";

const PROPOSERS = { gpt: 1000, gemini: 2000, grok: 3000 } as const;
const SYNTHESIS_MS = 1000;
const RUNS = Number(process.env.BENCH_RUNS || "3");

const isSynthesis = (call: FakeCall) => JSON.stringify(call.body).includes("### Response A");
const answer = (name: string) =>
  `${name}'s answer: the tower is 330 metres tall, measured to the tip of its antenna, and it was completed in 1889 for the World's Fair.`;

const [gpt, gemini, grok] = await Promise.all([
  startFakeServer((call) =>
    isSynthesis(call)
      ? openAiReplies("Combined answer: 330 metres.\nConsensus: A, B, C", SYNTHESIS_MS)(call)
      : openAiReplies(answer("First"), PROPOSERS.gpt)(call),
  ),
  startFakeServer(openAiReplies(answer("Second"), PROPOSERS.gemini)),
  startFakeServer(openAiReplies(answer("Third"), PROPOSERS.grok)),
]);

const config = testConfig({
  OPENAI_API_KEY: "bench",
  OPENAI_BASE_URL: `${gpt.url}/v1`,
  GEMINI_API_KEY: "bench",
  GEMINI_BASE_URL: `${gemini.url}/v1`,
  GROK_API_KEY: "bench",
  GROK_BASE_URL: `${grok.url}/v1`,
  RESEARCH_SYNTHESIZER: "gpt",
});
const floor = Math.max(...Object.values(PROPOSERS)) + SYNTHESIS_MS;
const messages = [{ role: "user" as const, content: "How tall is the Eiffel Tower?" }];

async function run() {
  const started = performance.now();
  const result = await Ai.answer({ model: "quorum", messages }, { config, store: memoryStatusStore() });
  const wall = performance.now() - started;
  if (result.model !== "quorum" || result.answers.some((a) => a.status !== "answered")) {
    throw new Error(`research mode did not complete: ${JSON.stringify({ model: result.model, notes: result.notes })}`);
  }
  return { wall, answers: result.answers };
}

try {
  await run(); // warm-up: first connections, module loading
  const walls: number[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const { wall, answers } = await run();
    walls.push(wall);
    const each = answers.map((a) => `${a.service} ${Math.round(a.latencyMs)} ms`).join(", ");
    console.log(
      `run ${i}: wall ${Math.round(wall)} ms (answers: ${each}; floor ${floor} ms; sequential would be ${Object.values(PROPOSERS).reduce((a, b) => a + b, 0) + SYNTHESIS_MS} ms)`,
    );
  }
  const median = [...walls].sort((a, b) => a - b)[Math.floor(walls.length / 2)]!;
  console.log(
    `median wall ${Math.round(median)} ms / (slowest model ${Math.max(...Object.values(PROPOSERS))} ms + synthesizer ${SYNTHESIS_MS} ms)`,
  );
  console.log(`ratio ${(median / floor).toFixed(3)}`);
} finally {
  await Promise.all([gpt.close(), gemini.close(), grok.close()]);
}
