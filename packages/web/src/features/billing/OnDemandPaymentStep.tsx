import { onDemand } from "@/lib/on-demand";

/**
 * The payment modal, downloaded (with the card forms and their icons) the first time it opens:
 * the pages and wizards that can lead to a payment never carry that code before the payment step.
 */
export const PaymentStep = onDemand(() => import("./PaymentStep").then((m) => m.PaymentStep));
