import { apiJson } from "@/lib/api";

/**
 * Opens a cited document at its page in a new tab. The view link needs the
 * bearer token, so the tab is opened first (a popup blocker allows only what a
 * click opens at once), then sent to the short-lived link the API answers.
 */
export async function openDocument(documentId: number, page?: number, fileName?: string) {
  const tab = window.open("", "_blank");
  // The document never needs this page.
  if (tab) tab.opener = null;
  try {
    const { url } = await apiJson<{ url: string }>("GET", `/api/documents/${documentId}/view`);
    // PDF viewers open at #page=N; other files ignore it.
    const target = page && /\.pdf$/i.test(fileName ?? "") ? `${url}#page=${page}` : url;
    if (tab) tab.location.href = target;
    else window.open(target, "_blank", "noopener");
  } catch (error) {
    tab?.close();
    throw error;
  }
}
