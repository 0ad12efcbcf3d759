/** The billing feature's public face: the daily-limit banner, usage and the account's standing. */
export { LimitReachedBanner } from "./LimitReachedBanner";
export { UsageMeter } from "./UsageMeter";
export { UsageMeters } from "./UsageMeters";
export { StorageUse } from "./StorageUse";
export { AccountStatus } from "./AccountStatus";
export { limitRefusal } from "./api";
export { usageKey } from "./queries";
