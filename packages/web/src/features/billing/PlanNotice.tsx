import { AlertTriangle } from "lucide-react";
import { useRouterState } from "@tanstack/react-router";
import { Trans, useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { profileKey, type Profile } from "@/features/profile/queries";
import { formatDay } from "./api";
import { useBillingPortal } from "./portal";

/**
 * A failed renewal, told wherever the user is (the chat above all): why the
 * plan is past due, until when Professional stays, and where to fix it.
 * /profile says the same in its Account Status, so it is not repeated there.
 */
export function PlanNotice() {
  const { user, synced } = useAuth();
  const path = useRouterState({ select: (state) => state.location.pathname });
  // Its own cache entry under the profile's key: a read here (say, before the sign-up's
  // registration lands) never stands in for the profile page's, yet refreshes with it.
  const profile = useQuery<Profile>({
    queryKey: [...profileKey(user?.uid ?? ""), "plan-notice"],
    queryFn: () => apiJson<Profile>("GET", `/api/users/${encodeURIComponent(user!.uid)}`),
    enabled: !!user && synced,
    staleTime: 60_000,
  });
  const portal = useBillingPortal();
  const { t } = useTranslation("billing");
  if (!user || profile.data?.planStatus !== "past_due" || path === "/profile" || path.startsWith("/billing")) return null;
  return (
    <div role="alert" className="border-b border-destructive/30 bg-destructive/10 text-sm" data-testid="plan-notice">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 sm:px-6">
        <AlertTriangle className="size-4 shrink-0 text-destructive" />
        <p className="flex-1">
          <Trans t={t} i18nKey="notice.failed" values={{ date: formatDay(profile.data.graceEndsAt) }} components={{ strong: <strong /> }} />
        </p>
        <Button size="sm" variant="outline" className="h-7 bg-background" onClick={() => portal.mutate()} disabled={portal.isPending}>
          {portal.isPending && <Spinner />} {t("notice.updateCard")}
        </Button>
      </div>
    </div>
  );
}
