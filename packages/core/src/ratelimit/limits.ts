/**
 * Every request-rate limit of the product, in one place. Each is a fixed window:
 * at most `max` requests per `windowSeconds` for one subject (an IP address, an
 * email address or a user). `refusal` is the first sentence of the 429's answer;
 * the wait until the window ends follows it.
 */
export interface RateLimit {
  /** Part of the counter's key: unique per limit. */
  readonly name: string;
  readonly max: number;
  readonly windowSeconds: number;
  readonly refusal: string;
}

/** Account lookups from one network: a sign-up needs one or two, enumeration needs thousands. */
export const CHECK_ACCOUNT_PER_IP: RateLimit = {
  name: "check-account-ip",
  max: 20,
  windowSeconds: 600,
  refusal: "Too many account checks from your network.",
};

/** Lookups of one email address, from anywhere: caps probing one account from many addresses. */
export const CHECK_ACCOUNT_PER_EMAIL: RateLimit = {
  name: "check-account-email",
  max: 5,
  windowSeconds: 600,
  refusal: "Too many account checks for this email address.",
};

/** Support requests of one signed-in user. */
export const SUPPORT_PER_USER: RateLimit = {
  name: "support-user",
  max: 5,
  windowSeconds: 3600,
  refusal: "You have sent too many support requests.",
};

/** Support requests of signed-out visitors, who have no user id: counted per network. */
export const SUPPORT_PER_ANONYMOUS_IP: RateLimit = {
  name: "support-ip",
  max: 5,
  windowSeconds: 3600,
  refusal: "Too many support requests from your network.",
};

/**
 * Reads of shared conversations from one network, without sign-in: a reader opens a link and
 * pages back through it; guessing tokens needs vastly more.
 */
export const SHARED_READS_PER_IP: RateLimit = {
  name: "shared-ip",
  max: 120,
  windowSeconds: 600,
  refusal: "Too many shared conversations opened from your network.",
};

/**
 * How the counters' partition keys begin (ElectroDB: service, then the first key
 * attribute). infra grants routes that only count requests write access to these keys alone.
 */
export const RATE_LIMIT_KEY_PREFIX = "$quorum#ratelimit_";

/**
 * Capacity the deployment sets (infra/api.ts), so no route or user can take all of it: the
 * streaming answer functions each keep at most STREAM_RESERVED_CONCURRENCY instances (and the
 * rest of the account's Lambda pool stays for every other route), and the HTTP API's stage
 * refuses requests past a steady rate and burst with 429. Each is a setting of the deployer's
 * environment; "none" leaves it unset (an account whose Lambda quota is too small to reserve).
 */
export const CAPACITY_DEFAULTS = {
  STREAM_RESERVED_CONCURRENCY: 50,
  API_THROTTLE_RATE_PER_SECOND: 200,
  API_THROTTLE_BURST: 400,
} as const;

export type Capacity = { [K in keyof typeof CAPACITY_DEFAULTS]: number | undefined };

/** The capacity settings from an environment: a whole number, "none", or the default; anything else throws at deploy. */
export function capacityFrom(env: Record<string, string | undefined>): Capacity {
  const read = (name: keyof typeof CAPACITY_DEFAULTS) => {
    const value = env[name]?.trim();
    if (!value) return CAPACITY_DEFAULTS[name];
    if (value === "none") return undefined;
    if (!/^\d+$/.test(value) || Number(value) < 1)
      throw new Error(`${name} must be a whole number of at least 1, or "none"; it is "${value}"`);
    return Number(value);
  };
  return {
    STREAM_RESERVED_CONCURRENCY: read("STREAM_RESERVED_CONCURRENCY"),
    API_THROTTLE_RATE_PER_SECOND: read("API_THROTTLE_RATE_PER_SECOND"),
    API_THROTTLE_BURST: read("API_THROTTLE_BURST"),
  };
}
