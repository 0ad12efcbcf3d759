import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { AuthActionPage } from "@/features/auth/AuthActionPage";

/**
 * Where the identity provider's mails lead (the Firebase project's action URL):
 * `?mode=resetPassword&oobCode=...` chooses a new password.
 */
export const Route = createFileRoute("/auth/action")({
  validateSearch: z.object({ mode: z.string().max(40).catch(""), oobCode: z.string().max(2000).catch("") }),
  component: AuthActionRoute,
});

function AuthActionRoute() {
  const { mode, oobCode } = Route.useSearch();
  return <AuthActionPage mode={mode} oobCode={oobCode} />;
}
