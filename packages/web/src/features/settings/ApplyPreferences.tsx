import * as React from "react";
import { useAuth } from "@/features/auth";
import { applyLanguage } from "@/i18n";
import { applyFontSize } from "@/i18n/font-size";
import { useSettings } from "./queries";

/**
 * Applies the signed-in account's language and font size wherever it signs in, and again the
 * moment they are saved. Signed out, the language last used on this browser (or the browser's
 * own) stays.
 */
export function ApplyPreferences() {
  const { user } = useAuth();
  const settings = useSettings(user?.uid);
  const preferences = settings.data?.preferences;
  React.useEffect(() => {
    if (!preferences) return;
    void applyLanguage(preferences.language);
    applyFontSize(preferences.fontSize);
  }, [preferences]);
  return null;
}
