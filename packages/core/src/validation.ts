import { z } from "zod";

/** Free text with a bound, so a 1 MB string is a 400 and never a stored record. */
export const optionalText = (max = 500) => z.string().trim().max(max, `Must be at most ${max} characters`);

/** Required text whose every failure (missing, wrong type, blank) reads as the spec's message. */
export const requiredText = (message: string, max = 500) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
