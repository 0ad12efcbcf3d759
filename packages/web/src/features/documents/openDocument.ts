import i18next from "i18next";
import { toast } from "@/hooks/use-toast";
import { ApiError } from "@/lib/api";
import { documentViewUrl } from "./queries";

/**
 * View opens the file in a new tab. The API is called with a bearer token, so the tab
 * cannot fetch the file itself: the page asks for a short-lived link first. Browsers only
 * allow a new tab inside the click, not after an await, so the tab is opened blank right
 * away and pointed at the link when it arrives.
 */
export async function openDocument(document: { id: number; fileName: string }) {
  const tab = window.open("", "_blank");
  if (tab) {
    // The file's origin must not be able to reach back into the app.
    tab.opener = null;
    try {
      tab.document.title = document.fileName;
      tab.document.body.style.font = "14px system-ui, sans-serif";
      tab.document.body.textContent = i18next.t("documents:open.opening", { name: document.fileName });
    } catch {
      // Some browsers give the blank tab another origin; the link still replaces it.
    }
  }
  try {
    const { url } = await documentViewUrl(document.id);
    if (tab && !tab.closed) tab.location.replace(url);
    else window.open(url, "_blank", "noopener,noreferrer");
  } catch (error) {
    tab?.close();
    toast({
      title: i18next.t("documents:open.failed"),
      description: error instanceof ApiError ? error.detail : i18next.t("documents:open.tryAgain"),
      variant: "destructive",
    });
  }
}
