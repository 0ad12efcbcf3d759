import { apiRequest } from "./api";

/* Downloads live apart from the API client: only the screens that offer one load them. */
/** The name a download is saved under: the server's `filename*` (UTF-8), else its `filename`, else `fallback`. */
export function downloadName(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "")?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Malformed: the plain name follows.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? "")?.[1] ?? fallback;
}

/** A file the API answers (it needs the ID token, so a plain link cannot fetch it), saved by the browser. */
export async function apiDownload(url: string, fallbackName: string): Promise<void> {
  const res = await apiRequest("GET", url);
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = downloadName(res.headers.get("content-disposition"), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
