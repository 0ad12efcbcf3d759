import { expect } from "vitest";
import { call, type TestUser } from "@quorum/local/testing";
import { routes, type RouteEntry } from "../routes";

/** Calls a route as the user and checks the answer against the output schema the route table names. */
export async function answers(user: TestUser, key: keyof typeof routes, path: string, body?: unknown) {
  const [method] = key.split(" ") as [string];
  const res = await call(user, method, path, body);
  expect(res.status, res.text).toBeLessThan(300);
  const output = (routes[key] as RouteEntry).output!;
  const parsed = output.safeParse(res.body);
  expect(parsed.success, parsed.error?.message).toBe(true);
  return res.body;
}
