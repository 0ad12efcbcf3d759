import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttp2Server, type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from "node:http2";
import type { AddressInfo } from "node:net";

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
  const onRequest = (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => {
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

  if (options.http2) {
    const sessions = new Set<Http2Session>();
    const server = createHttp2Server(onRequest);
    server.on("session", (session) => {
      sessions.add(session);
      session.on("close", () => sessions.delete(session));
    });
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
          for (const session of sessions) session.destroy();
          server.close(() => resolve());
        }),
    };
  }

  const server = createServer(onRequest);
  server.keepAliveTimeout = 1000;
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
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
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
  return /^\/model\/(.+)\/converse$/.exec(call.path)?.[1];
}
