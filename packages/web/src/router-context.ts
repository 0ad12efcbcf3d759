import type { QueryClient } from "@tanstack/react-query";
import type { AuthUser } from "@/features/auth/context";
import type { Session } from "@/lib/session";

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  queryClient: QueryClient;
  /** Fed by the auth provider (main.tsx); the authenticated layout waits on it. */
  session: Session<AuthUser>;
}
