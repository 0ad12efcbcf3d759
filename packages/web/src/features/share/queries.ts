import { SharedConversation, ShareReply, ShareRevoked, type EXPORT_FORMATS } from "@quorum/core/conversation/schema";
import { apiJson } from "@/lib/api";
import { apiDownload } from "@/lib/download";

/** A conversation's export and read-only link, and reading a shared one. */

const base = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;

export function downloadExport(id: string, format: (typeof EXPORT_FORMATS)[number]) {
  return apiDownload(`${base(id)}/export?format=${format}`, `conversation.${format}`);
}

export async function shareConversation(id: string) {
  return ShareReply.parse(await apiJson("POST", `${base(id)}/share`));
}

export async function stopSharing(id: string) {
  return ShareRevoked.parse(await apiJson("DELETE", `${base(id)}/share`));
}

export const sharedKey = (token: string) => ["/api/shared", token] as const;

/** A shared conversation's latest page, or the page before `before`. */
export async function fetchShared(token: string, before?: number | null) {
  const query = before === undefined || before === null ? "" : `?before=${before}`;
  return SharedConversation.parse(await apiJson("GET", `/api/shared/${encodeURIComponent(token)}${query}`));
}
