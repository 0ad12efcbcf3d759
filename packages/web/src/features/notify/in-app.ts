// Relative imports: this module is unit-tested outside Vite, where the "@" alias does not exist.
import { InAppNotificationList, type InAppNotification } from "@quorum/core/notify/schema";
import { apiJson } from "../../lib/api";

/** How often an open, visible tab asks. */
export { IN_APP_POLL_SECONDS as POLL_SECONDS } from "@quorum/core/notify/limits";

export async function fetchNotifications(since: string | undefined) {
  const query = since ? `?since=${encodeURIComponent(since)}` : "";
  return InAppNotificationList.parse(await apiJson("GET", `/api/notifications${query}`));
}

/**
 * A toast is for news from elsewhere: a document of the project the user is
 * looking at shows its status there already, and so does an answer in the
 * chat the user has open.
 */
export function isElsewhere(notification: InAppNotification, pathname: string): boolean {
  if (notification.kind === "answer-ready") {
    if (notification.listType === "general") return pathname !== "/chat";
    return !(pathname === "/projects" || pathname.startsWith("/projects/"));
  }
  return !(pathname === `/projects/${notification.projectId}` || pathname.startsWith(`/projects/${notification.projectId}/`));
}

/** Where the toast's button leads. */
export function destinationOf(notification: InAppNotification): string {
  if (notification.kind === "answer-ready") return notification.listType === "general" ? "/chat" : "/projects";
  return `/projects/${notification.projectId}`;
}
