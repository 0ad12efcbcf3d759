import { describe, expect, it } from "vitest";
import { routes, type RouteEntry } from "./routes";

/** Routes whose body is not JSON, or that take none: each with the reason. */
const NO_JSON_INPUT: Record<string, string> = {
  "POST /api/stripe/webhook": "Stripe's signed raw body",
  "POST /api/subscription/cancel": "no body: the user comes from the token",
  "POST /api/subscription/resume": "no body: the user comes from the token",
  "POST /api/billing/portal": "no body: the user comes from the token",
  "POST /api/test-billing/refund": "no body: the user comes from the token",
  "POST /api/test-billing/dispute": "no body: the user comes from the token",
  "POST /api/upload": "multipart form data",
  "POST /api/upload-document": "multipart form data",
  "POST /api/notify/unsubscribe": "a mail client's one-click form post",
  "POST /api/salesforce/connect": "no body: the user comes from the token",
  "POST /api/projects/{id}/salesforce/pull": "no body: the project is in the path",
  "POST /api/conversations/{id}/share": "no body: the conversation is in the path",
};
/** Routes that answer something other than JSON. */
const NO_JSON_OUTPUT: Record<string, string> = {
  "POST /api/stripe/webhook": "Stripe reads only the status",
  "GET /api/notify/unsubscribe": "an HTML page",
  "POST /api/notify/unsubscribe": "an HTML page",
  "GET /api/conversations/{id}/messages/{messageId}/stream": "server-sent events only",
  "GET /api/conversations/{id}/export": "a Markdown or PDF file",
  "GET /api/projects-conversations/{id}/messages/{messageId}/stream": "server-sent events only",
};

const entries = Object.entries(routes) as [string, RouteEntry][];

describe("the route table is the whole API", () => {
  it("names the JSON answer of every route", () => {
    const missing = entries.filter(([key, entry]) => !entry.output && !(key in NO_JSON_OUTPUT)).map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it("names the JSON body of every route that takes one", () => {
    const missing = entries
      .filter(([key, entry]) => /^(POST|PUT|PATCH) /.test(key) && !entry.input && !(key in NO_JSON_INPUT))
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it("keeps its exceptions true", () => {
    for (const key of [...Object.keys(NO_JSON_INPUT), ...Object.keys(NO_JSON_OUTPUT)]) expect(routes).toHaveProperty([key]);
    for (const key of Object.keys(NO_JSON_INPUT)) expect((routes as Record<string, RouteEntry>)[key]!.input).toBeUndefined();
    for (const key of Object.keys(NO_JSON_OUTPUT)) expect((routes as Record<string, RouteEntry>)[key]!.output).toBeUndefined();
  });
});
