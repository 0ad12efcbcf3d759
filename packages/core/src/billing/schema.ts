import { z } from "zod";
import { AccountRecord } from "../auth/schema";
import { PLAN_STATUSES, PLANS } from "../user/schema";

/**
 * Payments, the subscription and usage as the API takes and answers them: browser-safe (zod
 * only), shared with the web's payment modal, account status and usage meters.
 */

export { DEFAULT_PROFESSIONAL_PRICE_USD, TRIAL_DAYS } from "./prices";

/** Everything a plan meters, by the name its counter and a refusal carry. */
export const METER_NAMES = ["questions", "documentUploads", "ocrPages", "attachmentAnalyses", "attachmentUploads", "titles"] as const;
export type MeterName = (typeof METER_NAMES)[number];

/**
 * A 429's body: the server's sentence and, when a plan's limit was reached (not a
 * rate limit), which meter it was and whether upgrading to Professional lifts it.
 */
export const LimitRefusal = z.object({
  error: z.string(),
  limit: z.object({ meter: z.enum(METER_NAMES), upgrade: z.boolean() }).optional(),
});
export type LimitRefusal = z.infer<typeof LimitRefusal>;

/** `{ amount: 50 }` from the client: accepted for the contract, the server charges its configured price. */
export const CreatePaymentIntentInput = z.object({
  amount: z.coerce.number({ message: "amount must be a number" }).nonnegative("amount must be a number").optional(),
});

/** What the card form confirms: the subscription's pending intent and the price the server decided. */
export const PaymentSetup = z.object({
  clientSecret: z.string(),
  /** 'stripe': confirm with Stripe.js; 'test': the local test-mode form (no Stripe keys on this stack). */
  provider: z.enum(["stripe", "test"]),
  publishableKey: z.string().optional(),
  /** 'setup': the free trial saves the card (first charge at trialEndsAt); 'payment': charged now. */
  intentType: z.enum(["setup", "payment"]),
  /** The intent the client secret belongs to (PaymentIntent, SetupIntent or, with Stripe, the first invoice). */
  paymentIntentId: z.string(),
  subscriptionId: z.string(),
  /** Cents charged each interval. */
  amount: z.number(),
  currency: z.string(),
  interval: z.enum(["month", "year"]),
  trialEndsAt: z.string().nullable(),
});
export type PaymentSetup = z.infer<typeof PaymentSetup>;

/** POST /api/update-subscription: the client's "I paid"; only the provider's word activates a plan. */
export const UpdateSubscriptionInput = z.object({
  firebaseUid: z.string().min(1, "firebaseUid is required"),
  planStatus: z.enum(PLAN_STATUSES, { message: `planStatus must be one of ${PLAN_STATUSES.join(", ")}` }),
});
export const UpdateSubscriptionReply = z.object({ success: z.literal(true), user: AccountRecord });

/** Cancelling at the period end, or resuming: the account as it stands now. */
export const SubscriptionReply = z.object({ user: AccountRecord });

/** A Customer Portal session to send the payer to. */
export const PortalSession = z.object({ url: z.string() });

/** A card as the local test mode's provider reads it (Stripe's test numbers decide the outcome). */
export const TestCard = z.object(
  {
    number: z.string({ error: "Your card number is incomplete." }).max(40),
    expMonth: z.coerce.number({ message: "Your card's expiration date is incomplete." }).int(),
    expYear: z.coerce.number({ message: "Your card's expiration date is incomplete." }).int(),
    cvc: z.string({ error: "Your card's security code is incomplete." }).max(8),
  },
  { error: "card is required" },
);
export type TestCard = z.infer<typeof TestCard>;

/** POST /api/test-payments/{id}/confirm: Stripe.js's confirmation, in test mode. */
export const TestPaymentInput = z.object({
  clientSecret: z.string({ error: "clientSecret is required" }).min(1, "clientSecret is required").max(200),
  card: TestCard,
});

/** The confirmed intent; a declined card answers 402 with the card's words instead. */
export const TestPaymentConfirmed = z.object({ paymentIntent: z.object({ id: z.string(), status: z.literal("succeeded") }) });

/** The caller's test clock (like a Stripe test clock), ISO. */
export const TestClock = z.object({ now: z.string() });

export const AdvanceClockInput = z.object({
  days: z.coerce.number({ message: "days must be a number" }).positive("days must be positive").max(3660, "days must be at most 3660"),
});

/** A refund or dispute started on the caller's latest payment. */
export const TestBillingDone = z.object({ success: z.literal(true) });

/** The local Customer Portal: card on file, subscription, invoices (Stripe's cents and epoch seconds). */
export const TestPortal = z.object({
  now: z.string(),
  card: z.object({ last4: z.string() }).nullable(),
  subscription: z.object({ status: z.string(), currentPeriodEnd: z.number(), cancelAtPeriodEnd: z.boolean() }).nullable(),
  invoices: z.array(
    z.object({ id: z.string(), amount: z.number(), currency: z.string(), status: z.string(), created: z.number(), refunded: z.boolean() }),
  ),
});
export type TestPortal = z.infer<typeof TestPortal>;

export const ReplaceCardInput = z.object({ card: TestCard });

/** One metered counter against the plan's limit; a null limit is unlimited. */
export const UsageCounter = z.object({
  name: z.string(),
  /** The server's English label, for a meter the web has no words for yet. */
  label: z.string(),
  period: z.enum(["day", "month"]),
  used: z.number(),
  limit: z.number().nullable(),
  resetsAt: z.string(),
});
export type UsageCounter = z.infer<typeof UsageCounter>;

/** GET /api/usage: today's questions (the chat's banner) and every meter (questions first). */
export const Usage = z.object({
  plan: z.enum(PLANS),
  planStatus: z.enum(PLAN_STATUSES),
  used: z.number(),
  limit: z.number().nullable(),
  resetsAt: z.string(),
  /** The plan whose limits apply now: a paid plan not in force counts as Starter. */
  meteredPlan: z.enum(PLANS),
  meters: z.array(UsageCounter),
  /** Bytes of document files stored against the plan's cap (null: unlimited); deleting documents makes room. */
  storage: z.object({ used: z.number(), limit: z.number().nullable() }),
});
export type Usage = z.infer<typeof Usage>;
