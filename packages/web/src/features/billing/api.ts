import { useQuery } from "@tanstack/react-query";
import { ApiError, apiJson } from "@/lib/api";

/** The billing calls (spec doc 1 §7) and the usage endpoint the chat's limit banner reads. */

export interface PaymentSetup {
  clientSecret: string;
  /** 'stripe': confirm with Stripe.js; 'test': the local test-mode form (no Stripe keys on this stack). */
  provider: "stripe" | "test";
  publishableKey?: string;
  paymentIntentId: string;
  /** What the server will charge, in cents: the server decides the price, the client only shows it. */
  amount: number;
  currency: string;
}

/** The spec's body is `{ amount: 50 }`; the server charges its configured price and answers it. */
export function createPaymentIntent(): Promise<PaymentSetup> {
  return apiJson<PaymentSetup>("POST", "/api/create-payment-intent", { amount: 50 });
}

export interface TestCardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** Test mode's card confirmation; the server decides the outcome as Stripe's test cards would. */
export function confirmTestPayment(setup: PaymentSetup, card: TestCardInput) {
  return apiJson<{ paymentIntent: { id: string; status: string } }>(
    "POST",
    `/api/test-payments/${encodeURIComponent(setup.paymentIntentId)}/confirm`,
    {
      clientSecret: setup.clientSecret,
      card,
    },
  );
}

export function activateSubscription(firebaseUid: string) {
  return apiJson<unknown>("POST", "/api/update-subscription", { firebaseUid, planStatus: "active" });
}

export interface Usage {
  plan: string;
  planStatus: string;
  used: number;
  /** Null: unlimited. */
  limit: number | null;
  resetsAt: string;
  /** The plan whose limits apply now: a paid plan not in force counts as starter. */
  meteredPlan: "starter" | "professional" | "enterprise";
  /** Every metered counter against the plan's limit (questions first). */
  meters: UsageCounter[];
}

export interface UsageCounter {
  name: string;
  label: string;
  period: "day" | "month";
  used: number;
  /** Null: unlimited. */
  limit: number | null;
  resetsAt: string;
}

export const usageKey = ["/api/usage"] as const;

/** Today's questions against the plan's limit (GET /api/usage). */
export function useUsage(enabled = true) {
  return useQuery<Usage>({ queryKey: usageKey, enabled });
}

/** The server's words when a question was refused for the daily limit (429), else null. */
export function limitReachedMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 429) return error.detail;
  return null;
}

export function formatMoney(cents: number, currency: string) {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
}
