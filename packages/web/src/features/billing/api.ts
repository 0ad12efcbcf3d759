import { useQuery } from "@tanstack/react-query";
import { ApiError, apiJson } from "@/lib/api";
import { formatDate, formatMoney } from "@/lib/format";
import type { z } from "zod";
import type { SalesRequestInput } from "@quorum/core/support/schema";

/** The billing calls and the usage endpoint the chat's limit banner reads. */

export interface PaymentSetup {
  clientSecret: string;
  /** 'stripe': confirm with Stripe.js; 'test': the local test-mode form (no Stripe keys on this stack). */
  provider: "stripe" | "test";
  publishableKey?: string;
  /** 'setup': the free trial saves the card (first charge at trialEndsAt); 'payment': the first month is charged now. */
  intentType: "setup" | "payment";
  /** The intent the client secret belongs to (PaymentIntent, SetupIntent or, with Stripe, the first invoice). */
  paymentIntentId: string;
  subscriptionId: string;
  /** What the server will charge each interval, in cents: the server decides the price, the client only shows it. */
  amount: number;
  currency: string;
  interval: "month" | "year";
  trialEndsAt: string | null;
}

/** The spec's body is `{ amount: 50 }`; the server subscribes at its configured price and answers it. */
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

export interface AccountUser {
  plan: string;
  planStatus: string;
  cancelAtPeriodEnd?: boolean;
  currentPeriodEnd?: string;
}

/** Cancel at the end of the paid period; the plan stays until then. */
export function cancelSubscription() {
  return apiJson<{ user: AccountUser }>("POST", "/api/subscription/cancel");
}

export function resumeSubscription() {
  return apiJson<{ user: AccountUser }>("POST", "/api/subscription/resume");
}

/** A Customer Portal session made by the server (Stripe's portal, or the local test-mode page). */
export function openBillingPortal() {
  return apiJson<{ url: string }>("POST", "/api/billing/portal");
}

export { TEAM_SIZES } from "@quorum/core/support/schema";

/** POST /api/sales's body: core's SalesRequestInput. */
export type SalesRequest = z.input<typeof SalesRequestInput>;

/** Enterprise's "Contact sales", stored as a support request of kind 'sales'. */
export function contactSales(request: SalesRequest) {
  return apiJson<{ success: true; id: string }>("POST", "/api/sales", request);
}

export interface TestPortal {
  now: string;
  card: { last4: string } | null;
  subscription: { status: string; currentPeriodEnd: number; cancelAtPeriodEnd: boolean } | null;
  invoices: { id: string; amount: number; currency: string; status: string; created: number; refunded: boolean }[];
}

export const testPortalKey = ["/api/test-billing/portal"] as const;

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

/** Stripe's amounts are in cents and its times in epoch seconds. */
export const formatCents = (cents: number, currency: string) => formatMoney(cents / 100, currency);
export const formatDay = (value: string | number | null | undefined) =>
  formatDate(typeof value === "number" ? value * 1000 : value, "long");
