import type { z } from "zod";
import { Invalid } from "./error";

/** The first problem zod found, phrased for a person (the spec's messages live in the schemas). */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  const path = issue.path.join(".");
  // Custom messages from our schemas are already complete sentences.
  const generic =
    issue.message.startsWith("Invalid input") ||
    issue.message.startsWith("Too big") ||
    issue.message.startsWith("Too small") ||
    issue.message.startsWith("Unrecognized key");
  return generic && path ? `${path}: ${issue.message}` : issue.message;
}

/** The input as the schema reads it, or an Invalid (a 400) that says the first problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new Invalid(describeZodError(parsed.error));
  return parsed.data;
}

/**
 * Wraps a domain function so that its input is validated with zod before it runs
 * (as SST's console does). The schema stays reachable as `.schema`.
 */
export function fn<S extends z.ZodType, R>(schema: S, callback: (input: z.output<S>) => R) {
  const wrapped = (input: z.input<S>): R => callback(parseInput(schema, input));
  wrapped.schema = schema;
  return wrapped;
}
