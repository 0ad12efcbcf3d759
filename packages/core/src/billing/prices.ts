/*
 * The plans' numbers without zod, so the web's landing page (its pricing section) can show them
 * without downloading the validation library first. billing/schema.ts re-exports them.
 */

/** The professional plan's free trial: the card is saved at sign-up and first charged when it ends. */
export const TRIAL_DAYS = 30;

/** The Professional plan's monthly price in US dollars unless the deployment sets another. */
export const DEFAULT_PROFESSIONAL_PRICE_USD = 50;
