/**
 * THE route table: every endpoint once. infra/api.ts makes one API Gateway route
 * and one Lambda per entry; the local gateway dispatches by the same table.
 *
 * `handler` is "<module under src/>.<export>". `access` lists what the function
 * may touch in the cloud (least privilege); the table is always readable.
 */
export type Access = "table" | "bucket" | "bedrock" | "textract" | "pipeline" | "stripe" | "models";

export interface RouteEntry {
  handler: string;
  access?: Access[];
  /** Seconds; API Gateway stops waiting at 30. */
  timeout?: number;
  memory?: number;
}

export const routes = {
  "GET /api/health": { handler: "api/health.get", access: ["table", "bucket"] },

  "POST /api/auth/login": { handler: "api/auth.login", access: ["table"] },
  "POST /api/auth/check-account": { handler: "api/auth.checkAccount", access: ["table"] },
  "POST /api/auth/register": { handler: "api/auth.register", access: ["table"] },
  "POST /api/update-subscription": { handler: "api/billing.updateSubscription", access: ["table"] },

  "GET /api/users/{uid}": { handler: "api/users.get", access: ["table", "bucket"] },
  "PUT /api/users/{uid}": { handler: "api/users.update", access: ["table", "bucket"] },
  "GET /api/users/{uid}/settings": { handler: "api/settings.get", access: ["table"] },
  "PUT /api/users/{uid}/settings": { handler: "api/settings.update", access: ["table"] },
} satisfies Record<string, RouteEntry>;

export type RouteKey = keyof typeof routes;

/** "GET /api/users/{uid}" -> { method: "GET", path: "/api/users/{uid}" } */
export function parseRouteKey(key: string) {
  const [method, path] = key.split(" ") as [string, string];
  return { method, path };
}

/** "api/users.get" -> { module: "api/users", exportName: "get" } */
export function parseHandler(handler: string) {
  const dot = handler.lastIndexOf(".");
  return { module: handler.slice(0, dot), exportName: handler.slice(dot + 1) };
}
