import * as React from "react";
import { i18next } from "@/i18n";

/**
 * How the sidebar's search button opens the palette: the listener below (loaded once
 * someone signs in) hears this event, as it hears ⌘K / Ctrl+K.
 */
const OPEN_SEARCH = "quorum:open-search";

export const openSearch = () => window.dispatchEvent(new Event(OPEN_SEARCH));

/**
 * Whether the listener is there yet: it arrives after the page's first paint, and until then the
 * sidebar's button would open nothing, so it waits, disabled.
 */
const READY = "quorum:search-ready";
let listening = false;
const onReadyChange = (notify: () => void) => {
  window.addEventListener(READY, notify);
  return () => window.removeEventListener(READY, notify);
};
export const useSearchReady = () =>
  React.useSyncExternalStore(
    onReadyChange,
    () => listening,
    () => false,
  );
const setListening = (value: boolean) => {
  listening = value;
  window.dispatchEvent(new Event(READY));
};

// The palette itself (dialog, results, texts) is fetched the first time it opens.
const CommandPalette = React.lazy(() => import("./CommandPalette"));

/** ⌘K / Ctrl+K, or the sidebar's search button, opens the search palette; the shortcut again closes it. */
export default function SearchShortcut() {
  const [open, setOpen] = React.useState(false);
  React.useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== "k") return;
      event.preventDefault();
      setOpen((was) => !was);
    };
    const onOpen = () => setOpen(true);
    window.addEventListener("keydown", onKey);
    window.addEventListener(OPEN_SEARCH, onOpen);
    setListening(true);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener(OPEN_SEARCH, onOpen);
      setListening(false);
    };
  }, []);
  // Its texts download beside its code, not after it.
  React.useEffect(() => {
    if (open) void i18next.loadNamespaces("search");
  }, [open]);
  if (!open) return null;
  return (
    <React.Suspense fallback={null}>
      <CommandPalette onClose={() => setOpen(false)} />
    </React.Suspense>
  );
}
