import i18next from "i18next";
import ICU from "i18next-icu";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import { browserLanguage, DEFAULT_LANGUAGE, isLanguage, type Language } from "./languages";

/**
 * The UI's translations: one catalog per language and namespace in `src/locales/<lang>/<ns>.json`,
 * messages in ICU syntax (plurals, selects). English ships with the app; the other languages load
 * on demand, so a visitor downloads only the language they read.
 */
const english = import.meta.glob<Record<string, unknown>>("../locales/en/*.json", { eager: true, import: "default" });
const others = import.meta.glob<Record<string, unknown>>(["../locales/*/*.json", "!../locales/en/*.json"], { import: "default" });

const namespaceOf = (path: string) =>
  path
    .split("/")
    .pop()!
    .replace(/\.json$/, "");

/** Every namespace, as English names them; each language has the same ones (a test checks it). */
export const NAMESPACES = Object.keys(english).map(namespaceOf);

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

void i18next
  .use(ICU)
  .use(initReactI18next)
  .use(
    resourcesToBackend(async (language: string, namespace: string) => {
      const load = others[`../locales/${language}/${namespace}.json`];
      return load ? await load() : {};
    }),
  )
  .init({
    resources: { en: Object.fromEntries(Object.entries(english).map(([path, messages]) => [namespaceOf(path), messages])) },
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ["en", "es", "fr", "de"],
    ns: NAMESPACES,
    defaultNS: "common",
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

// The page's language follows the UI's, for screen readers, hyphenation and spell checking.
if (typeof document !== "undefined") {
  i18next.on("languageChanged", (language) => {
    document.documentElement.lang = language;
  });
  document.documentElement.lang = i18next.language;
}

/** Switches the whole UI to a language at once and remembers it on this browser for the next visit. */
export async function applyLanguage(language: Language) {
  try {
    localStorage.setItem(STORED_LANGUAGE, language);
  } catch {
    // Storage blocked: the account's setting still applies after sign-in.
  }
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

export { i18next };
