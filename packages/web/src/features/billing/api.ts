import type { z } from "zod";
import {
  LimitRefusal,
  PaymentSetup,
  PortalSession,
  SubscriptionReply,
  TestPaymentConfirmed,
  UpdateSubscriptionReply,
  type TestCard,
} from "@quorum/core/billing/schema";
import { SalesReceipt, type SalesRequestInput } from "@quorum/core/support/schema";
import { ApiError, apiJson } from "@/lib/api";
import { formatCalendarDate, formatDate, formatMoney } from "@/lib/format";

/** The billing calls, each answer read with the schema the server answers by. */

/** The client sends `{ amount: 50 }`; the server subscribes at its configured price and answers it. */
export async function createPaymentIntent(): Promise<PaymentSetup> {
  return PaymentSetup.parse(await apiJson("POST", "/api/create-payment-intent", { amount: 50 }));
}

/** Test mode's card confirmation; the server decides the outcome as Stripe's test cards would. */
export async function confirmTestPayment(setup: PaymentSetup, card: TestCard) {
  const path = `/api/test-payments/${encodeURIComponent(setup.paymentIntentId)}/confirm`;
  return TestPaymentConfirmed.parse(await apiJson("POST", path, { clientSecret: setup.clientSecret, card }));
}

/** Cancel at the end of the paid period; the plan stays until then. */
export async function cancelSubscription() {
  return SubscriptionReply.parse(await apiJson("POST", "/api/subscription/cancel"));
}

export async function resumeSubscription() {
  return SubscriptionReply.parse(await apiJson("POST", "/api/subscription/resume"));
}

/** A Customer Portal session made by the server (Stripe's portal, or the local test-mode page). */
export async function openBillingPortal() {
  return PortalSession.parse(await apiJson("POST", "/api/billing/portal"));
}

/** POST /api/sales's body: core's SalesRequestInput. */
export type SalesRequest = z.input<typeof SalesRequestInput>;

/** Enterprise's "Contact sales", stored as a support request of kind 'sales'. */
export async function contactSales(request: SalesRequest) {
  return SalesReceipt.parse(await apiJson("POST", "/api/sales", request));
}

/** After paying: the server activates the plan only when the provider confirms the payment. */
export async function activateSubscription(firebaseUid: string) {
  return UpdateSubscriptionReply.parse(await apiJson("POST", "/api/update-subscription", { firebaseUid, planStatus: "active" }));
}

/** A request refused with 429: the server's words and, for a plan's limit, which one and whether upgrading lifts it; else null. */
export function limitRefusal(error: unknown): LimitRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const body = LimitRefusal.safeParse(error.json);
  return body.success ? body.data : { error: error.detail };
}

/** Stripe's amounts are in cents and its times in epoch seconds. */
export const formatCents = (cents: number, currency: string) => formatMoney(cents / 100, currency);
export const formatDay = (value: string | number | null | undefined) =>
  formatDate(typeof value === "number" ? value * 1000 : value, "long");

/** A plan granted "until" a day ends as that UTC day does: the stored moment is the next midnight. */
export const lastDay = (until: string) => formatCalendarDate(new Date(Date.parse(until) - 1).toISOString().slice(0, 10));
