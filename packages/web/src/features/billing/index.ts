/**
 * The billing feature's public face: the daily-limit banner and usage meters other screens show.
 * The profile page's account panel (AccountStatus, UsageMeters) is imported from its own modules:
 * the chat imports this module, and the panel's forms and dialogs have no place in its download.
 */
export { LimitReachedBanner } from "./LimitReachedBanner";
export { UsageMeter } from "./UsageMeter";
export { StorageUse } from "./StorageUse";
export { limitRefusal } from "./api";
export { usageKey } from "./queries";
