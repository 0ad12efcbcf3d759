import { EventSourceParserStream } from "eventsource-parser/stream";
import { i18next } from "../i18n";
import { authHeader, throwIfResNotOk } from "./api";

/* Streamed answers live apart from the API client (with their event parser): only the chat screens load them. */

/** One event of a stream: its name, its data parsed from JSON, and its number when the server gave one (the SSE id). */
export type StreamEventHandler = (event: string, data: unknown, id?: number) => void;

/**
 * A call whose answer streams as server-sent events (`Accept: text/event-stream`):
 * a POST with `body`, or a GET without one. Each event is handed to `onEvent` as
 * it arrives. A refusal before the stream (400, 404, 429 ...) throws like apiRequest.
 */
export async function apiStream(
  url: string,
  body: unknown,
  onEvent: StreamEventHandler,
  options: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<void> {
  const res = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(await authHeader()),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      Accept: "text/event-stream",
      ...options.headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
    signal: options.signal,
  });
  await throwIfResNotOk(res);
  if (!res.body || !res.headers.get("content-type")?.startsWith("text/event-stream")) throw new Error(i18next.t("common:notStreamed"));
  const reader = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onEvent(value.event ?? "message", JSON.parse(value.data), value.id === undefined ? undefined : Number(value.id));
  }
}
