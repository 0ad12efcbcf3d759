import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small HTTP server speaking Stripe's API wire format (form-encoded requests
 * with bracketed keys, JSON answers in Stripe's object and error shapes, the
 * Idempotency-Key header honoured), for tests of the real Stripe SDK:
 * `new Stripe(key, { host, port, protocol: 'http' })`. It answers the calls
 * billing makes (customers, prices, subscriptions, charges, portal sessions) and
 * lets tests move a subscription on the way a payer or a renewal would, building
 * the matching events.
 */

export interface FakeStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body (or query string) decoded into nested objects, as Stripe reads it. */
  params: Record<string, unknown>;
}

type Obj = Record<string, any>;

export interface FakeSubscription extends Obj {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
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
  data: { object: Obj };
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  requests: FakeStripeRequest[];
  subscriptions: Map<string, FakeSubscription>;
  /** Answers the next N API calls with a 500 api_error (an outage). */
  failNext(count?: number): void;
  /** The payer confirmed the pending intent (first invoice paid, or the trial's card saved). */
  confirm(subscriptionId: string): void;
  /** Moves the subscription to a new state (e.g. a renewal: `{ status: 'past_due' }`). */
  set(subscriptionId: string, changes: Obj): void;
  /** An event about a subscription as it is now (or as it was, given a snapshot). */
  subscriptionEvent(type: string, subscriptionId: string, created?: number): StripeEvent;
  /** An invoice event for the subscription's latest period. */
  invoiceEvent(type: "invoice.paid" | "invoice.payment_failed", subscriptionId: string): StripeEvent;
  /** A charge of the subscription's customer (refunded or not) and the matching event. */
  chargeEvent(type: "charge.refunded", subscriptionId: string, refunded: boolean): StripeEvent;
  disputeEvent(subscriptionId: string): StripeEvent;
  close(): Promise<void>;
}

/** Stripe's form encoding: `metadata[userId]=u1&items[0][price]=price_1&expand[]=x`. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node = out as Record<string, unknown>;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        if (segment === "") (node as unknown as unknown[]).push(value);
        else node[segment] = value;
      } else node = (node[segment] ??= path[i + 1] === "" ? [] : {}) as Record<string, unknown>;
    });
  }
  return out;
}

/** The SDK sends lists as `key[0]=a&key[1]=b`. */
const listParam = (value: unknown) => (value && typeof value === "object" ? Object.values(value as object).map(String) : []);

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
const now = () => Math.floor(Date.now() / 1000);

function stripeError(status: number, type: string, message: string, extra: Obj = {}) {
  return { status, body: { error: { type, message, ...extra } } };
}
const missing = (kind: string, what: string) =>
  stripeError(404, "invalid_request_error", `No such ${kind}: '${what}'`, { code: "resource_missing", param: "id" });

export async function startFakeStripe(secretKey = "sk_test_fake_quorum"): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const subscriptions = new Map<string, FakeSubscription>();
  const charges = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let failures = 0;

  /** The subscription as the API answers it, with what `expand` asked for. */
  function present(sub: FakeSubscription, expand: unknown): Obj {
    const wanted = listParam(expand);
    const out: Obj = structuredClone(sub);
    const pending = sub._pending as Obj | null;
    delete out._pending;
    out.latest_invoice = wanted.includes("latest_invoice.confirmation_secret")
      ? {
          id: sub.latest_invoice,
          object: "invoice",
          confirmation_secret: pending?.kind === "payment" ? { client_secret: pending.client_secret, type: "payment_intent" } : null,
        }
      : sub.latest_invoice;
    out.pending_setup_intent =
      pending?.kind === "setup"
        ? wanted.includes("pending_setup_intent")
          ? { id: pending.id, object: "setup_intent", client_secret: pending.client_secret, status: "requires_payment_method" }
          : pending.id
        : null;
    return out;
  }

  function createSubscription(params: Obj) {
    const customer = customers.get(String(params.customer));
    if (!customer) return missing("customer", String(params.customer));
    const priceId = String((params.items as Obj[] | undefined)?.[0]?.price ?? "");
    const price = prices.get(priceId);
    if (!price) return missing("price", priceId);
    const trialDays = Number(params.trial_period_days ?? 0);
    const start = now();
    const periodEnd = trialDays ? start + trialDays * 86_400 : start + 30 * 86_400;
    const subId = id("sub");
    const pendingId = id(trialDays ? "seti" : "pi");
    const sub: FakeSubscription = {
      id: subId,
      object: "subscription",
      customer: customer.id,
      status: trialDays ? "trialing" : "incomplete",
      created: start,
      cancel_at_period_end: false,
      trial_end: trialDays ? periodEnd : null,
      default_payment_method: null,
      metadata: (params.metadata as Obj) ?? {},
      payment_settings: params.payment_settings ?? null,
      items: {
        object: "list",
        data: [{ id: id("si"), object: "subscription_item", price, current_period_start: start, current_period_end: periodEnd }],
      },
      latest_invoice: id("in"),
      livemode: false,
      _pending: {
        kind: trialDays ? "setup" : "payment",
        id: pendingId,
        client_secret: `${pendingId}_secret_${randomBytes(8).toString("hex")}`,
      },
    };
    subscriptions.set(subId, sub);
    return { status: 200, body: present(sub, params.expand) };
  }

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
    const path = req.path.split("?")[0]!;
    const [, , resource, one, action] = path.split("/");
    const p = req.params as Obj;
    let answer: { status: number; body: unknown };

    if (req.method === "POST" && path === "/v1/customers") {
      const customer = { id: id("cus"), object: "customer", email: p.email ?? null, metadata: p.metadata ?? {}, livemode: false };
      customers.set(customer.id, customer);
      answer = { status: 200, body: customer };
    } else if (req.method === "GET" && path === "/v1/prices") {
      const keys = listParam(p.lookup_keys);
      const data = [...prices.values()].filter((x) => keys.includes(x.lookup_key) && x.active);
      answer = { status: 200, body: { object: "list", data, has_more: false, url: "/v1/prices" } };
    } else if (req.method === "POST" && path === "/v1/prices") {
      const price = {
        id: id("price"),
        object: "price",
        active: true,
        unit_amount: Number(p.unit_amount),
        currency: String(p.currency),
        recurring: { interval: (p.recurring as Obj)?.interval },
        lookup_key: p.lookup_key ?? null,
        product: id("prod"),
      };
      prices.set(price.id, price);
      answer = { status: 200, body: price };
    } else if (req.method === "POST" && path === "/v1/subscriptions") {
      answer = createSubscription(p);
    } else if (resource === "subscriptions" && one) {
      const sub = subscriptions.get(one);
      if (!sub) answer = missing("subscription", one);
      else if (req.method === "GET") answer = { status: 200, body: present(sub, p.expand) };
      else if (req.method === "POST" && !action) {
        if (sub.status === "canceled")
          answer = stripeError(400, "invalid_request_error", "A canceled subscription can only update its cancellation_details.");
        else {
          if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = p.cancel_at_period_end === "true";
          answer = { status: 200, body: present(sub, p.expand) };
        }
      } else if (req.method === "DELETE") {
        if (sub.status === "canceled") answer = missing("subscription", one);
        else {
          Object.assign(sub, { status: "canceled", canceled_at: now(), cancel_at_period_end: false, _pending: null });
          answer = { status: 200, body: present(sub, p.expand) };
        }
      } else answer = stripeError(404, "invalid_request_error", `Unrecognized request URL (${req.method}: ${req.path}).`);
    } else if (req.method === "GET" && resource === "charges" && one) {
      answer = charges.has(one) ? { status: 200, body: charges.get(one) } : missing("charge", one);
    } else if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!customers.has(String(p.customer))) answer = missing("customer", String(p.customer));
      else {
        const sessionId = id("bps");
        answer = {
          status: 200,
          body: {
            id: sessionId,
            object: "billing_portal.session",
            customer: p.customer,
            return_url: p.return_url,
            configuration: p.configuration ?? "bpc_default",
            url: `https://billing.stripe.com/p/session/${sessionId}`,
          },
        };
      }
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
      const query = (req.url ?? "").split("?")[1] ?? "";
      const request: FakeStripeRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        params: decodeStripeForm(req.method === "GET" || req.method === "DELETE" ? query || raw : raw),
      };
      requests.push(request);
      const { status, body } = handle(request);
      res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const sub = (subscriptionId: string) => {
    const found = subscriptions.get(subscriptionId);
    if (!found) throw new Error(`fake Stripe: no subscription ${subscriptionId}`);
    return found;
  };
  function event(type: string, object: Obj, created = now()): StripeEvent {
    return {
      id: id("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
  }
  function latestCharge(subscriptionId: string, refunded: boolean) {
    const s = sub(subscriptionId);
    const price = s.items.data[0].price;
    const charge = {
      id: id("ch"),
      object: "charge",
      customer: s.customer,
      amount: price.unit_amount,
      amount_refunded: refunded ? price.unit_amount : 0,
      refunded,
      currency: price.currency,
      livemode: false,
    };
    charges.set(charge.id, charge);
    return charge;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    subscriptions,
    failNext(count = 1) {
      failures = count;
    },
    confirm(subscriptionId) {
      const s = sub(subscriptionId);
      const wasTrial = s.status === "trialing";
      Object.assign(s, { status: wasTrial ? "trialing" : "active", default_payment_method: id("pm"), _pending: null });
    },
    set(subscriptionId, changes) {
      const s = sub(subscriptionId);
      const { current_period_end, ...rest } = changes;
      Object.assign(s, rest);
      if (current_period_end) s.items.data[0].current_period_end = current_period_end;
    },
    subscriptionEvent(type, subscriptionId, created) {
      return event(type, present(sub(subscriptionId), []), created);
    },
    invoiceEvent(type, subscriptionId) {
      const s = sub(subscriptionId);
      const item = s.items.data[0];
      return event(type, {
        id: s.latest_invoice,
        object: "invoice",
        customer: s.customer,
        status: type === "invoice.paid" ? "paid" : "open",
        amount_due: item.price.unit_amount,
        currency: item.price.currency,
        period_start: item.current_period_start,
        period_end: item.current_period_end,
        parent: { type: "subscription_details", subscription_details: { subscription: s.id } },
      });
    },
    chargeEvent(type, subscriptionId, refunded) {
      return event(type, latestCharge(subscriptionId, refunded));
    },
    disputeEvent(subscriptionId) {
      const charge = latestCharge(subscriptionId, false);
      return event("charge.dispute.created", {
        id: id("dp"),
        object: "dispute",
        charge: charge.id,
        amount: charge.amount,
        currency: charge.currency,
        reason: "fraudulent",
        status: "needs_response",
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
