import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export const LANGUAGES = [
  { value: "en", label: "English" },
  { value: "es", label: "Español" },
  { value: "fr", label: "Français" },
  { value: "de", label: "Deutsch" },
] as const;
export const FONT_SIZES = [
  { value: "small", label: "Small" },
  { value: "medium", label: "Medium" },
  { value: "large", label: "Large" },
] as const;

export type Language = (typeof LANGUAGES)[number]["value"];
export type FontSize = (typeof FONT_SIZES)[number]["value"];

export interface UserSettings {
  notifications: { email: boolean; push: boolean; chat: boolean };
  privacy: { shareData: boolean; analytics: boolean };
  preferences: { language: Language; fontSize: FontSize };
}

/** The spec's defaults (doc 2 §3); they stay when loading fails. */
export const DEFAULT_SETTINGS: UserSettings = {
  notifications: { email: true, push: false, chat: true },
  privacy: { shareData: false, analytics: true },
  preferences: { language: "en", fontSize: "medium" },
};

export const settingsKey = (uid: string) => ["/api/users", uid, "settings"] as const;

export function useSettings(uid: string) {
  return useQuery<UserSettings>({ queryKey: settingsKey(uid) });
}

export function useSaveSettings(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettings) => apiJson<UserSettings>("PUT", `/api/users/${encodeURIComponent(uid)}/settings`, settings),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(uid), saved),
  });
}
