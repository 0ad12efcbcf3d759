import * as React from "react";
import { useAuth } from "@/features/auth";
import { applyLanguage } from "@/i18n";
import { applyFontSize } from "@/i18n/font-size";
import { adoptingLanguage } from "./first-language";
import { useSettings } from "./queries";

/**
 * Applies the signed-in account's language and font size wherever it signs in, and again the
 * moment they are saved. Signed out, the language last used on this browser (or the browser's
 * own) stays; a new account starts in that language (first-language.ts).
 */
export function ApplyPreferences() {
  const { user } = useAuth();
  const settings = useSettings(user?.uid);
  const preferences = settings.data?.preferences;
  const uid = user?.uid;
  React.useEffect(() => {
    if (!preferences || (uid && adoptingLanguage(uid))) return;
    void applyLanguage(preferences.language);
    applyFontSize(preferences.fontSize);
  }, [preferences, uid]);
  return null;
}
