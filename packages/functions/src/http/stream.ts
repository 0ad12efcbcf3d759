import type { Writable } from "node:stream";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import type { LiveAnswer } from "@quorum/core/chat/live";
import { AnswerSlots } from "@quorum/core/chat/slots";
import { pathParametersOf } from "../routes";
import { asCaller, errorResponse, json, parseRequest, type Out, type RouteInput, type RouteSpec, type Schema } from "./route";

/**
 * Routes whose answer can stream (Lambda response streaming in the cloud, the
 * local gateway the same way). A client that asks for `text/event-stream` gets
 * server-sent events as the answer is written; any other gets the one JSON
 * answer as before. Auth, validation, quota and errors are the same as every
 * route's: a bad request is a plain JSON error before any event.
 */

/** Lambda's streaming signature: the answer is written to `responseStream` instead of returned. */
export type StreamHandler = (event: APIGatewayProxyEventV2, responseStream: Writable, context?: Context) => Promise<void>;

/**
 * Lambda's Node.js runtime provides this global to functions configured for response
 * streaming. (The AWS SDK leaves an empty `awslambda` object behind elsewhere.)
 */
interface LambdaStreaming {
  streamifyResponse(handler: StreamHandler): StreamHandler;
  HttpResponseStream: { from(stream: Writable, prelude: { statusCode: number; headers: Record<string, string> }): Writable };
}
function lambdaStreaming(): LambdaStreaming | undefined {
  const candidate = (globalThis as unknown as { awslambda?: Partial<LambdaStreaming> }).awslambda;
  return typeof candidate?.streamifyResponse === "function" && candidate.HttpResponseStream ? (candidate as LambdaStreaming) : undefined;
}

/** A proxy between the function and the browser may close an idle connection: a comment line keeps it open. */
export const KEEP_ALIVE_MS = 15_000;

const isLive = (value: unknown): value is LiveAnswer =>
  !!value && typeof value === "object" && typeof (value as LiveAnswer).run === "function";

export function wantsEventStream(event: APIGatewayProxyEventV2): boolean {
  const accept = event.headers?.accept ?? event.headers?.Accept ?? "";
  return accept.includes("text/event-stream");
}

/** Sets the status and headers, then hands back the stream the body goes to. */
function open(responseStream: Writable, statusCode: number, headers: Record<string, string>): Writable {
  const lambda = lambdaStreaming();
  if (lambda) return lambda.HttpResponseStream.from(responseStream, { statusCode, headers });
  // Locally the stream is the gateway's own http.ServerResponse.
  (responseStream as Writable & { writeHead(status: number, headers: Record<string, string>): void }).writeHead(statusCode, headers);
  return responseStream;
}

function writeWhole(responseStream: Writable, result: APIGatewayProxyStructuredResultV2) {
  const headers = Object.fromEntries(Object.entries(result.headers ?? {}).map(([k, v]) => [k, String(v)]));
  open(responseStream, result.statusCode ?? 200, headers).end(result.body ?? "");
}

/** Writes the events of a live answer; after the browser has gone, writing stops but the answer goes on. */
async function writeEvents(responseStream: Writable, answer: LiveAnswer, beforeEnd: () => Promise<void>) {
  const out = open(responseStream, 200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    // Proxies that would buffer the answer are told not to.
    "x-accel-buffering": "no",
  });
  // A closed connection must never throw into the answer that is still being written.
  out.on("error", () => {});
  const write = (chunk: string) => {
    if (out.destroyed || out.writableEnded) return;
    out.write(chunk);
  };
  const keepAlive = setInterval(() => write(": keep-alive\n\n"), KEEP_ALIVE_MS);
  try {
    await answer.run((event, data, id) =>
      write(`${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    );
  } finally {
    clearInterval(keepAlive);
    await beforeEnd();
    if (!out.destroyed && !out.writableEnded) out.end();
  }
}

/**
 * Like route(), for an answer that may stream: the handler answers a LiveAnswer
 * when `stream` is true (the client asked for events), else the JSON body.
 */
export function streamRoute<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  spec: RouteSpec<P, Q, B>,
  handler: (input: RouteInput<Out<P>, Out<Q>, Out<B>> & { stream: boolean }) => Promise<unknown>,
  options: { writesAnswer: boolean } = { writesAnswer: true },
): StreamHandler {
  const run: StreamHandler = async (event, responseStream) => {
    // A function URL does not fill path parameters; the route the function serves says where they are.
    const routeKey = process.env.QUORUM_ROUTE;
    if (!event.pathParameters && routeKey) event = { ...event, pathParameters: pathParametersOf(routeKey, event.rawPath) };
    let input: RouteInput<Out<P>, Out<Q>, Out<B>>;
    try {
      input = await parseRequest(spec, event);
    } catch (error) {
      return writeWhole(responseStream, errorResponse(error) as APIGatewayProxyStructuredResultV2);
    }
    // A route that writes an answer takes one of the user's slots after the request is known to
    // be valid and before anything is counted, and holds it until the answer is done. Reading one
    // that is being written costs no model and takes none.
    const userId = options.writesAnswer ? input.user?.userId : undefined;
    let lease: string | undefined;
    try {
      if (userId) lease = await AnswerSlots.take(userId);
    } catch (error) {
      return writeWhole(responseStream, errorResponse(error) as APIGatewayProxyStructuredResultV2);
    }
    // Given back before the answer's last byte, so a client that asks again at once finds it free.
    // One not given back (the store down just then) lapses by itself after the longest answer.
    const release = async () => {
      const given = lease;
      lease = undefined;
      if (userId && given) await AnswerSlots.give(userId, given).catch((error) => console.error("Answer slot not given back", error));
    };
    try {
      await asCaller(input.user, async () => {
        let result: unknown;
        try {
          result = await handler({ ...input, stream: wantsEventStream(event) });
        } catch (error) {
          await release();
          return writeWhole(responseStream, errorResponse(error) as APIGatewayProxyStructuredResultV2);
        }
        if (isLive(result)) return writeEvents(responseStream, result, release);
        await release();
        writeWhole(responseStream, json(200, result) as APIGatewayProxyStructuredResultV2);
      });
    } finally {
      await release();
    }
  };
  const lambda = lambdaStreaming();
  return lambda ? lambda.streamifyResponse(run) : run;
}
