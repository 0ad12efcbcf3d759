/** The billing feature's public face: the payment modal, the daily-limit banner and usage. */
export { PaymentStep, type PaymentStepProps } from "./PaymentStep";
export { LimitReachedBanner, type LimitReachedBannerProps } from "./LimitReachedBanner";
export { UsageMeter } from "./UsageMeter";
export { UsageMeters } from "./UsageMeters";
export { AccountStatus } from "./AccountStatus";
export { ContactSalesDialog } from "./ContactSalesDialog";
export { PlanNotice } from "./PlanNotice";
export { limitReachedMessage, useUsage, usageKey, type Usage, type UsageCounter } from "./api";
