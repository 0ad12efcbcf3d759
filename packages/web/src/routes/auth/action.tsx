import { createFileRoute } from "@tanstack/react-router";
import { AuthActionPage } from "@/features/auth/AuthActionPage";
import { VerifyAddressPage } from "@/features/auth/VerifyAddressPage";
import { searchText } from "@/lib/route-params";

/**
 * Where the identity provider's mails lead (the Firebase project's action URL):
 * `?mode=resetPassword&oobCode=...` chooses a new password, `?mode=verifyEmail&oobCode=...`
 * confirms the account's address.
 */
export const Route = createFileRoute("/auth/action")({
  // plain functions, not a zod schema: the route table is part of every first download
  validateSearch: (search: Record<string, unknown>) => ({
    mode: searchText(search.mode, 40, ""),
    oobCode: searchText(search.oobCode, 2000, ""),
  }),
  component: AuthActionRoute,
});

function AuthActionRoute() {
  const { mode, oobCode } = Route.useSearch();
  if (mode === "verifyEmail" && oobCode) return <VerifyAddressPage oobCode={oobCode} />;
  return <AuthActionPage mode={mode} oobCode={oobCode} />;
}
