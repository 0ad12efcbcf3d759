/** The product's name, shown in titles, the header and messages. */
export const PRODUCT_NAME = "Quorum";

export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL || "support@quorum.app";

export type PlanId = "starter" | "professional" | "enterprise";

export interface PlanTier {
  id: PlanId;
  name: string;
  price: string;
  period?: string;
  description: string;
  features: string[];
  popular?: boolean;
}

/** The three plan tiers, shown on the landing page and in the sign-up wizard. */
export const PLANS: PlanTier[] = [
  {
    id: "starter",
    name: "Starter",
    price: "Free",
    description: "Try multi-model answers on everyday questions.",
    features: ["10 questions per day", "Basic AI models", "Email support", "Basic chat interface"],
  },
  {
    id: "professional",
    name: "Professional",
    price: "$50",
    period: "/month",
    description: "For professionals who rely on AI every day.",
    features: ["Unlimited questions", "All AI models", "Priority support", "Conversation history", "Advanced analytics"],
    popular: true,
  },
  {
    id: "enterprise",
    name: "Enterprise",
    price: "Custom",
    description: "For teams with their own models and compliance needs.",
    features: [
      "Everything in Professional",
      "Custom AI model integration",
      "24/7 dedicated support",
      "On-premise deployment",
      "Custom SLA",
    ],
  },
];

/** The professional plan's free trial: 30 days. */
export const TRIAL_MS = 2_592_000_000;

/** Display names of every plan a profile can carry, including the legacy 'basic'. */
export function planLabel(plan: string | null | undefined): string {
  switch (plan) {
    case "basic":
      return "Basic Plan";
    case "professional":
      return "Professional Plan";
    case "enterprise":
      return "Enterprise Plan";
    default:
      return "Starter Plan";
  }
}
