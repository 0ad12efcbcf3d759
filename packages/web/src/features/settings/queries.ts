import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import type { SettingsRecord } from "@quorum/core/settings/schema";

export { LANGUAGES, type Language } from "@/i18n/languages";
export { FONT_SIZES, type FontSize } from "@/i18n/font-size";

export type UserSettings = SettingsRecord;

/** The settings a new account starts with; they stay when loading fails. */
export const DEFAULT_SETTINGS: UserSettings = {
  notifications: { email: true, push: false, chat: true },
  privacy: { shareData: false, analytics: true },
  preferences: { language: "en", fontSize: "medium" },
};

export const settingsKey = (uid: string) => ["/api/users", uid, "settings"] as const;

export function useSettings(uid: string | undefined) {
  return useQuery<UserSettings>({ queryKey: settingsKey(uid ?? ""), enabled: Boolean(uid) });
}

export function useSaveSettings(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettings) => apiJson<UserSettings>("PUT", `/api/users/${encodeURIComponent(uid)}/settings`, settings),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(uid), saved),
  });
}
