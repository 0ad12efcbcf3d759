import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttp2Server, type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from "node:http2";
import type { AddressInfo } from "node:net";
import { EventStreamCodec } from "@smithy/core/event-streams";

/**
 * Small HTTP servers that speak the model providers' wire formats, for tests
 * and the research benchmark: OpenAI chat completions (also what Gemini, Grok,
 * DeepSeek and Ollama answer) and Bedrock's Converse REST API. The real SDK
 * clients are pointed at them.
 */

export interface FakeCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
  at: number;
}

export interface FakeReply {
  status?: number;
  json?: unknown;
  headers?: Record<string, string>;
  /** Answer after this long (the client may give up first). */
  delayMs?: number;
  /**
   * Stream the answer instead: `delayMs` before the first piece, then one piece per
   * `intervalMs`. `cutAfter` drops the connection after that many pieces (a
   * provider failing mid-answer).
   */
  stream?: { pieces: Uint8Array[] | string[]; intervalMs: number; contentType: string; cutAfter?: number; hold?: StreamHold };
}

export type FakeHandler = (call: FakeCall) => FakeReply | Promise<FakeReply>;

export interface FakeServer {
  url: string;
  calls: FakeCall[];
  /** Changes what the server answers from now on. */
  reply(handler: FakeHandler): void;
  close(): Promise<void>;
}

export interface FakeServerOptions {
  /**
   * Speak HTTP/2 without TLS (h2c with prior knowledge). The Bedrock runtime
   * client sends every call over HTTP/2, as it does to AWS.
   */
  http2?: boolean;
}

export async function startFakeServer(handler: FakeHandler, options: FakeServerOptions = {}): Promise<FakeServer> {
  let current = handler;
  const calls: FakeCall[] = [];
  const onRequest: OnRequest = (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // not JSON: keep the text
      }
      const call: FakeCall = {
        method: req.method ?? "",
        path: decodeURIComponent(req.url ?? ""),
        headers: req.headers,
        body,
        at: Date.now(),
      };
      calls.push(call);
      try {
        const reply = await current(call);
        if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
        if (gone(res)) return;
        if (reply.stream) return await writeStream(res, reply.stream);
        res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
        res.end(JSON.stringify(reply.json ?? {}));
      } catch (error) {
        if (!gone(res)) {
          res.writeHead(500, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: String(error) } }));
        }
      }
    });
  };

  const { server, dropConnections } = options.http2 ? http2Server(onRequest) : http1Server(onRequest);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    reply(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropConnections();
        server.close(() => resolve());
      }),
  };
}

/** One handler serves both protocols: Node gives HTTP/2 the same request and response surface. */
type OnRequest = (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => void;

/** HTTP/1.1, with its kept-alive connections dropped on close so a test run never waits on them. */
function http1Server(onRequest: OnRequest) {
  const server = createServer(onRequest);
  server.keepAliveTimeout = 1000;
  return { server, dropConnections: () => server.closeAllConnections() };
}

/** HTTP/2 (what Bedrock's client speaks), whose open sessions are destroyed on close. */
function http2Server(onRequest: OnRequest) {
  const sessions = new Set<Http2Session>();
  const server = createHttp2Server(onRequest);
  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  return { server, dropConnections: () => sessions.forEach((session) => session.destroy()) };
}

async function writeStream(res: ServerResponse | Http2ServerResponse, stream: NonNullable<FakeReply["stream"]>) {
  res.writeHead(200, { "content-type": stream.contentType });
  for (const [i, piece] of stream.pieces.entries()) {
    if (i > 0) await new Promise((r) => setTimeout(r, stream.intervalMs));
    if (stream.hold && i === stream.hold.after) await stream.hold.release;
    if (gone(res)) return;
    if (stream.cutAfter !== undefined && i >= stream.cutAfter) {
      ("stream" in res ? res.stream : res).destroy();
      return;
    }
    (res as ServerResponse).write(piece);
  }
  res.end();
}

function gone(res: ServerResponse | Http2ServerResponse) {
  return "stream" in res ? res.stream.destroyed : res.destroyed;
}

let completionId = 0;

/** An OpenAI chat.completion object. */
export function openAiCompletion(
  content: string,
  options: { model?: string; inputTokens?: number; outputTokens?: number; finishReason?: "stop" | "length" } = {},
) {
  const inputTokens = options.inputTokens ?? 12;
  const outputTokens = options.outputTokens ?? Math.max(1, Math.ceil(content.length / 4));
  return {
    id: `chatcmpl-${++completionId}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: options.model ?? "fake-model",
    choices: [
      { index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: options.finishReason ?? "stop" },
    ],
    usage: { prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens },
  };
}

export function openAiError(status: number, message: string, type = "invalid_request_error"): FakeReply {
  return { status, json: { error: { message, type, param: null, code: null } } };
}

/** A chat-completions fake that answers `content` (or the function's result) after `delayMs`. */
export function openAiReplies(content: string | ((call: FakeCall) => string), delayMs = 0): FakeHandler {
  return (call) => ({
    delayMs,
    json: openAiCompletion(typeof content === "function" ? content(call) : content, { model: call.body?.model }),
  });
}

/** A Bedrock Converse response. */
export function bedrockConverse(text: string, options: { inputTokens?: number; outputTokens?: number; stopReason?: string } = {}) {
  const inputTokens = options.inputTokens ?? 15;
  const outputTokens = options.outputTokens ?? Math.max(1, Math.ceil(text.length / 4));
  return {
    output: { message: { role: "assistant", content: [{ text }] } },
    stopReason: options.stopReason ?? "end_turn",
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
    metrics: { latencyMs: 42 },
  };
}

export function bedrockToolUse(name: string, input: unknown) {
  return {
    output: { message: { role: "assistant", content: [{ toolUse: { toolUseId: "tooluse_1", name, input } }] } },
    stopReason: "tool_use",
    usage: { inputTokens: 20, outputTokens: 10, totalTokens: 30 },
    metrics: { latencyMs: 42 },
  };
}

/** Bedrock names its errors in the x-amzn-errortype header. */
export function bedrockError(status: number, type: string, message: string): FakeReply {
  return { status, headers: { "x-amzn-errortype": `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` }, json: { message } };
}

/** The Bedrock model id of a Converse call's path: /model/{modelId}/converse. */
export function bedrockModelOf(call: FakeCall): string | undefined {
  return /^\/model\/(.+)\/converse(?:-stream)?$/.exec(call.path)?.[1];
}

/** Text as a model streams it: pieces of `wordsPerPiece` words. */
export function piecesOf(text: string, wordsPerPiece = 1): string[] {
  return text.match(new RegExp(`(?:\\S+\\s*){1,${wordsPerPiece}}|\\s+`, "g")) ?? [];
}

export interface StreamTiming {
  /** Before the first piece. */
  firstTokenMs?: number;
  /** Pieces (tokens) per second after that. */
  tokensPerSecond?: number;
  /** Drop the connection after this many pieces. */
  cutAfter?: number;
  /** Send this many pieces, then wait for `hold.release` before the rest: the test decides when the answer goes on. */
  hold?: StreamHold;
}

export interface StreamHold {
  after: number;
  release: Promise<unknown>;
}

/** A hold the test lets go of: `release()` sends the held rest. */
export function streamHold(after: number): StreamHold & { release: Promise<void>; letGo(): void } {
  let letGo = () => {};
  const release = new Promise<void>((resolve) => (letGo = resolve));
  return { after, release, letGo };
}

/** A chat-completions fake that streams `content` as server-sent chunks when the client asks for a stream. */
export function openAiStreams(content: string | ((call: FakeCall) => string), timing: StreamTiming = {}): FakeHandler {
  return (call) => {
    const text = typeof content === "function" ? content(call) : content;
    if (!call.body?.stream) return { delayMs: timing.firstTokenMs, json: openAiCompletion(text, { model: call.body?.model }) };
    const id = `chatcmpl-${++completionId}`;
    const model = call.body?.model ?? "fake-model";
    const chunk = (delta: Record<string, unknown>, finish: string | null, usage?: unknown) =>
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model, choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;
    const words = piecesOf(text);
    const pieces = words.map((w, i) => chunk(i === 0 ? { role: "assistant", content: w } : { content: w }, null));
    // The end follows the last word at once: the timing is the words'.
    pieces[pieces.length - 1] +=
      chunk({}, "stop") +
      chunk({}, null, { prompt_tokens: 12, completion_tokens: words.length, total_tokens: 12 + words.length }) +
      "data: [DONE]\n\n";
    return {
      delayMs: timing.firstTokenMs,
      stream: {
        pieces,
        intervalMs: 1000 / (timing.tokensPerSecond ?? 1000),
        contentType: "text/event-stream",
        cutAfter: timing.cutAfter,
        hold: timing.hold,
      },
    };
  };
}

/** Bedrock's ConverseStream answer: AWS event-stream messages, one text delta per word. */
export function bedrockStreams(text: string, timing: StreamTiming = {}): FakeHandler {
  const codec = new EventStreamCodec(
    (bytes) => Buffer.from(bytes).toString("utf8"),
    (value) => new Uint8Array(Buffer.from(value, "utf8")),
  );
  const event = (type: string, body: unknown) =>
    codec.encode({
      headers: {
        ":event-type": { type: "string", value: type },
        ":message-type": { type: "string", value: "event" },
        ":content-type": { type: "string", value: "application/json" },
      },
      body: new Uint8Array(Buffer.from(JSON.stringify(body))),
    });
  return (call) => {
    if (!call.path.endsWith("/converse-stream")) return { delayMs: timing.firstTokenMs, json: bedrockConverse(text) };
    const words = piecesOf(text);
    const pieces = [
      event("messageStart", { role: "assistant" }),
      ...words.map((w) => event("contentBlockDelta", { contentBlockIndex: 0, delta: { text: w } })),
      event("contentBlockStop", { contentBlockIndex: 0 }),
      event("messageStop", { stopReason: "end_turn" }),
      event("metadata", {
        usage: { inputTokens: 15, outputTokens: words.length, totalTokens: 15 + words.length },
        metrics: { latencyMs: 42 },
      }),
    ];
    return {
      delayMs: timing.firstTokenMs,
      stream: {
        pieces,
        intervalMs: 1000 / (timing.tokensPerSecond ?? 1000),
        contentType: "application/vnd.amazon.eventstream",
        cutAfter: timing.cutAfter,
      },
    };
  };
}

/** Whether a call is research mode's synthesis (the prompt shows the anonymised answers). */
export const isSynthesisCall = (call: FakeCall) => promptOf(call).includes("### Response A");

/** The last user message's text of an OpenAI chat-completions or a Bedrock Converse call. */
export function promptOf(call: FakeCall): string {
  const messages: { role?: string; content?: unknown }[] = call.body?.messages ?? [];
  const last = [...messages].reverse().find((m) => m.role === "user");
  const content = last?.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part: { text?: string }) => part.text ?? "").join("");
  return "";
}

/** Each anonymised answer a synthesis prompt shows, by its letter. */
export function responsesOf(prompt: string): { letter: string; text: string }[] {
  return [...prompt.matchAll(/^### Response ([A-Z])\n([\s\S]*?)(?=\n\n### Response |\n\nYour task:|$)/gm)].map((m) => ({
    letter: m[1]!,
    text: m[2]!.trim(),
  }));
}

const firstSentence = (text: string) => (/^[^.!?\n]*[.!?]?/.exec(text.trim())?.[0] ?? text).trim();

/**
 * What a synthesizer writes for research mode's prompt, as a real one would: a
 * combined answer that weighs the responses by letter, then the closing AGREE and
 * DIFFER lines and the Consensus line. Responses agree when `claimOf` gives them the
 * same claim (by default the first number they state, else their first sentence);
 * the largest group is the consensus.
 */
export function fakeSynthesis(
  prompt: string,
  claimOf: (text: string) => string = (t) => /\d[\d.,]*/.exec(t)?.[0] ?? firstSentence(t),
): string {
  const responses = responsesOf(prompt);
  const groups = new Map<string, { letter: string; text: string }[]>();
  for (const r of responses) groups.set(claimOf(r.text), [...(groups.get(claimOf(r.text)) ?? []), r]);
  const ranked = [...groups.values()].sort((a, b) => b.length - a.length);
  const majority = ranked[0] ?? [];
  const others = ranked.slice(1).flat();
  const names = (group: { letter: string }[]) => group.map((r) => `Response ${r.letter}`).join(" and ");
  const lines = [
    `${firstSentence(majority[0]?.text ?? "")} ${names(majority)} ${majority.length > 1 ? "agree on this" : "says so"}.`,
    ...others.map((r) => `Response ${r.letter} says otherwise: ${firstSentence(r.text)} The others are better supported.`),
    "",
    ...(majority.length > 1 ? [`AGREE [${majority.map((r) => r.letter).join(", ")}] ${firstSentence(majority[0]!.text)}`] : []),
    ...others.map((r) => `DIFFER [${r.letter}] ${firstSentence(r.text)}`),
    `Consensus: ${majority.map((r) => r.letter).join(", ") || "none"}`,
  ];
  return lines.join("\n");
}

/**
 * An OpenAI-compatible model of a research panel: answers `own` to a question and
 * writes a `fakeSynthesis` when asked to combine the panel's answers, streamed when
 * the client asks for a stream.
 */
export function openAiPanelist(own: string, timing: StreamTiming = {}): FakeHandler {
  return (call) => openAiStreams(isSynthesisCall(call) ? fakeSynthesis(promptOf(call)) : own, timing)(call);
}

const SETTING_PREFIX = { gpt: "OPENAI", gemini: "GEMINI", grok: "GROK", deepseek: "DEEPSEEK" } as const;

/** Quorum's settings that point each named model at its fake OpenAI-compatible server. */
export function fakeModelSettings(servers: Partial<Record<keyof typeof SETTING_PREFIX, Pick<FakeServer, "url">>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(servers).flatMap(([model, server]) => {
      const prefix = SETTING_PREFIX[model as keyof typeof SETTING_PREFIX];
      return [
        [`${prefix}_API_KEY`, "k"],
        [`${prefix}_BASE_URL`, `${server.url}/v1`],
      ];
    }),
  );
}
