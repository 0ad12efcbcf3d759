import * as React from "react";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ToastAction } from "@/components/ui/toast";
import { toast } from "@/hooks/use-toast";
import { useAuth } from "@/features/auth";
import type { InAppNotification } from "@quorum/core/notify/schema";
import { destinationOf, fetchNotifications, isElsewhere, POLL_SECONDS } from "./in-app";

/**
 * Toasts for work that finished while the user was on another page: a document
 * processed (or failed), an answer complete. Asks the server while the tab is
 * visible; the server records nothing when the user's chat notifications are off.
 */
export function InAppNotifier() {
  const { user } = useAuth();
  const { t } = useTranslation("notify");
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const where = React.useRef(pathname);
  where.current = pathname;

  const show = React.useCallback(
    (n: InAppNotification) => {
      const to = destinationOf(n);
      const text =
        n.kind === "document-ready"
          ? { title: t("documentReadyTitle"), description: t("documentReadyBody", { name: n.documentName ?? "" }) }
          : n.kind === "document-failed"
            ? { title: t("documentFailedTitle"), description: t("documentFailedBody", { name: n.documentName ?? "" }) }
            : { title: t("answerReadyTitle"), description: t("answerReadyBody", { title: n.title ?? "" }) };
      toast({
        ...text,
        variant: n.kind === "document-failed" ? "destructive" : undefined,
        action: (
          <ToastAction altText={t("open")} onClick={() => void navigate({ to })}>
            {t("open")}
          </ToastAction>
        ),
      });
    },
    [navigate, t],
  );

  React.useEffect(() => {
    if (!user) return;
    let since: string | undefined;
    let stopped = false;
    const shown = new Set<string>();
    async function poll() {
      if (stopped || document.visibilityState !== "visible") return;
      try {
        const answer = await fetchNotifications(since);
        since = answer.now;
        for (const n of answer.notifications) {
          if (shown.has(n.notificationId)) continue;
          shown.add(n.notificationId);
          if (isElsewhere(n, where.current)) show(n);
        }
      } catch (error) {
        // The next round asks again; a toast is not worth an error on screen.
        console.warn("Checking for notifications failed", error);
      }
    }
    void poll();
    const timer = setInterval(() => void poll(), POLL_SECONDS * 1000);
    const onVisible = () => void poll();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [user, show]);

  return null;
}
