import i18next from "i18next";
import { documentViewUrl } from "./queries";

/**
 * Opens a document in a new tab, at `page` for a PDF (viewers honour #page=N). The API is called
 * with a bearer token, so the tab cannot fetch the file itself: the page asks for a short-lived
 * link first. Browsers only allow a new tab inside the click, not after an await, so the tab is
 * opened blank right away and pointed at the link when it arrives. Rejects when there is no link
 * (each caller says so in its own words); the blank tab is closed then.
 */
export async function openDocument(document: { id: number; fileName: string }, page?: number) {
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
    const target = page && /\.pdf$/i.test(document.fileName) ? `${url}#page=${page}` : url;
    if (tab && !tab.closed) tab.location.replace(target);
    else window.open(target, "_blank", "noopener,noreferrer");
  } catch (error) {
    tab?.close();
    throw error;
  }
}
