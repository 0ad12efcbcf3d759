import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { browserLanguage, DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "./languages";

/**
 * The UI's translations: one catalog per language and namespace in `src/locales/<lang>/<ns>.json`,
 * messages in ICU syntax (plurals, selects). Every catalog is a chunk of its own, loaded on demand:
 * a visitor downloads only the language they read, and the landing page only what it shows.
 */
const catalogs = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", { import: "default" });
const catalogPath = (language: string, namespace: string) => `../locales/${language}/${namespace}.json`;

/** Every namespace, as English names them; each language has the same ones (a test checks it). */
export const NAMESPACES = Object.keys(catalogs)
  .filter((path) => path.startsWith("../locales/en/"))
  .map((path) => path.slice("../locales/en/".length, -".json".length));

/** What the landing page and the shell around it (header, sign-in and sign-up modals) show. */
const LANDING_NAMESPACES = ["common", "layout", "landing", "auth", "billing"];

/** What /chat shows besides the shell's texts: the chat, its model menus, the usage meter, sharing, the address notice (a test checks the list). */
const CHAT_NAMESPACES = ["common", "layout", "auth", "billing", "chat", "documents", "models", "notify", "share"];

export const SCREEN_NAMESPACES: Record<string, string[]> = { "/": LANDING_NAMESPACES, "/chat": CHAT_NAMESPACES };

/** The namespaces the screen at `pathname` needs before it shows: the landing page's and the chat's few, or all of them. */
const namespacesFor = (pathname: string) => SCREEN_NAMESPACES[pathname] ?? NAMESPACES;

const STORED_LANGUAGE = "language";

/** The language to start in: the one last chosen on this browser, else the browser's own. */
function initialLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORED_LANGUAGE);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage blocked: the browser's language still picks.
  }
  return typeof navigator === "undefined" ? DEFAULT_LANGUAGE : browserLanguage();
}

const firstScreen = typeof location === "undefined" ? NAMESPACES : namespacesFor(location.pathname);
const language = initialLanguage();
// The first screen's catalogs start downloading now, beside the ICU formatter, not one after the other.
for (const namespace of firstScreen) void catalogs[catalogPath(language, namespace)]?.();

/*
 * The ICU formatter (about 14 KB gzip) is fetched with the catalogs rather than before the app
 * starts: nothing is shown before the texts are in anyway, and the entry stays small.
 */
const initialized = import("i18next-icu").then(({ default: ICU }) =>
  i18next
    .use(ICU)
    .use(initReactI18next)
    .use(
      resourcesToBackend(async (language: string, namespace: string) => {
        const load = catalogs[catalogPath(language, namespace)];
        return load ? await load() : {};
      }),
    )
    .init({
      lng: language,
      // Every catalog has every key (a test checks it), so no second language is ever downloaded.
      fallbackLng: false,
      supportedLngs: LANGUAGES.map((l) => l.value),
      ns: firstScreen,
      defaultNS: "common",
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    }),
);

/** Resolves once the screen at `pathname` can show its texts (at once when they are loaded already). */
export async function loadScreenTexts(pathname: string) {
  await initialized;
  await i18next.loadNamespaces(namespacesFor(pathname));
}

/** Fetches the rest of the language's catalogs after the first paint, so the next screen opens with its texts. */
export async function loadAllTexts() {
  await initialized;
  await i18next.loadNamespaces(NAMESPACES);
}

// The page's language follows the UI's, for screen readers, hyphenation and spell checking.
if (typeof document !== "undefined") {
  i18next.on("languageChanged", (language) => {
    document.documentElement.lang = language;
  });
  document.documentElement.lang = language;
}

/** Switches the whole UI to a language at once and remembers it on this browser for the next visit. */
export async function applyLanguage(language: Language) {
  await initialized;
  try {
    localStorage.setItem(STORED_LANGUAGE, language);
  } catch {
    // Storage blocked: the account's setting still applies after sign-in.
  }
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

export { i18next };
