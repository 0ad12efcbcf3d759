import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small HTTP server speaking Stripe's API wire format (form-encoded requests
 * with bracketed keys, JSON answers in Stripe's object and error shapes), for
 * tests of the real Stripe SDK: `new Stripe(key, { host, port, protocol: 'http' })`.
 * It holds PaymentIntents in memory; tests move them on (succeed, fail) the way a
 * payer confirming in Stripe.js would, and build the matching events.
 */

export interface FakeStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body decoded into nested objects, as Stripe reads it. */
  params: Record<string, unknown>;
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean } | null;
  client_secret: string;
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method_types: string[];
  status: string;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  requests: FakeStripeRequest[];
  intents: Map<string, FakePaymentIntent>;
  /** Answers the next N API calls with a 500 api_error (an outage). */
  failNext(count?: number): void;
  /** The payer's card succeeded: the intent moves on and the matching event is answered. */
  succeed(id: string): StripeEvent;
  /** The payer's card was declined. */
  decline(id: string, message?: string): StripeEvent;
  /** An event about an intent as it is now. */
  event(type: string, id: string): StripeEvent;
  close(): Promise<void>;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: FakePaymentIntent };
}

/** Stripe's form encoding: `metadata[userId]=u1&automatic_payment_methods[enabled]=true`. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = out as Record<string, unknown>;
    path.forEach((segment, i) => {
      if (i === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;

function stripeError(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
  return { status, body: { error: { type, message, ...extra } } };
}

export async function startFakeStripe(secretKey = "sk_test_fake_quorum"): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const intents = new Map<string, FakePaymentIntent>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let failures = 0;

  function handle(req: FakeStripeRequest): { status: number; body: unknown } {
    if (failures > 0) {
      failures--;
      return stripeError(500, "api_error", "An unknown error occurred");
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(401, "invalid_request_error", "Invalid API Key provided: sk_test_****");
    }
    const key = req.headers["idempotency-key"];
    if (req.method === "POST" && typeof key === "string" && idempotent.has(key)) return idempotent.get(key)!;

    let answer: { status: number; body: unknown };
    const one = /^\/v1\/payment_intents\/([^/?]+)$/.exec(req.path.split("?")[0]!);
    if (req.method === "POST" && req.path === "/v1/payment_intents") {
      const amount = Number(req.params.amount);
      const currency = String(req.params.currency ?? "").toLowerCase();
      if (!Number.isInteger(amount))
        answer = stripeError(400, "invalid_request_error", "Missing required param: amount.", {
          param: "amount",
          code: "parameter_missing",
        });
      else if (!currency)
        answer = stripeError(400, "invalid_request_error", "Missing required param: currency.", {
          param: "currency",
          code: "parameter_missing",
        });
      else if (amount < 50)
        answer = stripeError(400, "invalid_request_error", "Amount must be at least $0.50 usd", {
          param: "amount",
          code: "amount_too_small",
        });
      else {
        const intentId = id("pi");
        const apm = req.params.automatic_payment_methods as { enabled?: string } | undefined;
        const intent: FakePaymentIntent = {
          id: intentId,
          object: "payment_intent",
          amount,
          amount_capturable: 0,
          amount_received: 0,
          automatic_payment_methods: apm ? { enabled: apm.enabled === "true" } : null,
          client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
          created: Math.floor(Date.now() / 1000),
          currency,
          description: typeof req.params.description === "string" ? req.params.description : null,
          last_payment_error: null,
          livemode: false,
          metadata: (req.params.metadata as Record<string, string>) ?? {},
          payment_method_types: ["card"],
          status: "requires_payment_method",
        };
        intents.set(intentId, intent);
        answer = { status: 200, body: intent };
      }
    } else if (req.method === "GET" && one) {
      const intent = intents.get(one[1]!);
      answer = intent
        ? { status: 200, body: intent }
        : stripeError(404, "invalid_request_error", `No such payment_intent: '${one[1]}'`, { code: "resource_missing", param: "intent" });
    } else {
      answer = stripeError(404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${req.path}).`);
    }
    if (req.method === "POST" && typeof key === "string") idempotent.set(key, answer);
    return answer;
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const request: FakeStripeRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        params: decodeStripeForm(raw),
      };
      requests.push(request);
      const { status, body } = handle(request);
      res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  function event(type: string, intentId: string): StripeEvent {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`fake Stripe: no intent ${intentId}`);
    return {
      id: id("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(intent) },
    };
  }

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    intents,
    failNext(count = 1) {
      failures = count;
    },
    succeed(intentId) {
      const intent = intents.get(intentId)!;
      Object.assign(intent, { status: "succeeded", amount_received: intent.amount, last_payment_error: null });
      return event("payment_intent.succeeded", intentId);
    },
    decline(intentId, message = "Your card was declined.") {
      const intent = intents.get(intentId)!;
      Object.assign(intent, {
        status: "requires_payment_method",
        last_payment_error: { type: "card_error", code: "card_declined", message },
      });
      return event("payment_intent.payment_failed", intentId);
    },
    event,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
