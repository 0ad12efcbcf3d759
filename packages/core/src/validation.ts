import { z } from "zod";

/** Free text with a bound, so a 1 MB string is a 400 and never a stored record. */
export const optionalText = (max = 500) => z.string().trim().max(max, `Must be at most ${max} characters`);

/** Required text whose every failure (missing, wrong type, blank) reads as the spec's message. */
export const requiredText = (message: string, max = 500) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/*
 * Labelled fields of projects, customers and contacts: each message names its field. The
 * lengths keep any one item far below DynamoDB's 400 KB.
 */

/** Optional free text: trimmed; null and absent both mean "not sent". */
export function optionalField(label: string, max: number) {
  return z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? undefined);
}

/** Required text with the spec's message when it is empty after trimming. */
export function requiredField(message: string, label: string, max: number) {
  return z.string({ message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);
}

/** Record ids are positive whole numbers (the spec's routes and forms use numbers). */
export function recordId(label: string) {
  return z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be positive`);
}

/** Drops keys whose value is undefined, so a partial update sets only what was sent. */
export function defined<T extends Record<string, unknown>>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/** A whole number from a query or a body, `min`..`max`, whose every message names it ("limit must be at most 200"). */
export const wholeNumber = (name: string, min: number, max: number, tooMany = `${name} must be at most ${max}`) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, tooMany);
