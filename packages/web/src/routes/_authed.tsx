import { Outlet, createFileRoute, redirect, useMatches } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { AccessDenied } from "@/components/layout/AccessDenied";
import { PageLoader } from "@/components/layout/PageLoader";
import { SignedInNotices } from "@/components/layout/SignedInNotices";
import { useAuth } from "@/features/auth";

/**
 * Every screen that needs an account sits under this pathless layout: it waits for the session
 * restore, then lets a signed-in user in. A signed-out visitor is sent to the landing page,
 * unless the screen names a message for them (`staticData.accessDenied`).
 */
export const Route = createFileRoute("/_authed")({
  beforeLoad: async ({ context, matches }) => {
    const user = await context.session.restored();
    if (!user && !matches.some((m) => m.staticData.accessDenied)) throw redirect({ to: "/", replace: true });
    return { user };
  },
  // The restore is quick: show its loading text at once and leave as soon as it is done.
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: RestoringSession,
  component: AuthedLayout,
});

function AuthedLayout() {
  const { user } = useAuth();
  const { t } = useTranslation();
  const denied = useMatches({ select: (matches) => matches.find((m) => m.staticData.accessDenied)?.staticData.accessDenied });
  // The notices above the page render with it, in one commit: arriving after it, they would push it down.
  if (user)
    return (
      <>
        <SignedInNotices />
        <Outlet />
      </>
    );
  // Signed out: the screen's message, or nothing for the moment it takes the check to send the visitor away.
  return denied ? <AccessDenied text={t(denied)} /> : null;
}

function RestoringSession() {
  const { t } = useTranslation();
  const text = useMatches({ select: (matches) => matches.find((m) => m.staticData.loadingText)?.staticData.loadingText });
  return <PageLoader text={text && t(text)} />;
}
