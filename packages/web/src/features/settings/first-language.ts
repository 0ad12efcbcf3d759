import { i18next } from "@/i18n";
import { DEFAULT_LANGUAGE, isLanguage } from "@/i18n/languages";
import { queryClient } from "@/lib/api";
import { saveSettings, settingsKey } from "./queries";

/**
 * A new account keeps the language its owner was reading when they signed up (the browser's,
 * before sign-in) instead of falling back to the account default, English. Done once per
 * account on this browser, so a language chosen later in /settings is never overwritten.
 */
const adopting = new Map<string, Promise<void>>();
const doneKey = (uid: string) => `languageAdopted:${uid}`;

export function adoptLanguageOnce(uid: string) {
  const language = i18next.language;
  try {
    if (localStorage.getItem(doneKey(uid))) return;
    localStorage.setItem(doneKey(uid), "1");
  } catch {
    return;
  }
  if (!isLanguage(language) || language === DEFAULT_LANGUAGE) return;
  const key = settingsKey(uid);
  const saving = saveSettings(uid, { preferences: { language } })
    .then(async (saved) => {
      // A read that started before this save must not land after it.
      await queryClient.cancelQueries({ queryKey: key });
      adopting.delete(uid);
      queryClient.setQueryData(key, saved);
    })
    .catch(async (error: unknown) => {
      console.error("Could not keep the sign-up language", error);
      adopting.delete(uid);
      await queryClient.invalidateQueries({ queryKey: key });
    });
  adopting.set(uid, saving);
}

/** While the sign-up language is being saved, the account's default must not switch the screen to English. */
export const adoptingLanguage = (uid: string) => adopting.has(uid);

/** Firebase's own sign of a brand-new account: it has never signed in since it was created. */
export function isFirstSignIn(metadata: { creationTime?: string; lastSignInTime?: string }) {
  return !!metadata.creationTime && metadata.creationTime === metadata.lastSignInTime;
}
