import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SettingsRecord, type SettingsInput } from "@quorum/core/settings/schema";
import { apiJson } from "@/lib/api";

export const settingsKey = (uid: string) => ["/api/users", uid, "settings"] as const;

const settingsUrl = (uid: string) => `/api/users/${encodeURIComponent(uid)}/settings`;

/** GET /api/users/{uid}/settings: every switch and preference, checked against the API's contract. */
export const settingsQuery = (uid: string) =>
  queryOptions({
    queryKey: settingsKey(uid),
    queryFn: async () => SettingsRecord.parse(await apiJson("GET", settingsUrl(uid))),
  });

export function useSettings(uid: string | undefined) {
  return useQuery({ ...settingsQuery(uid ?? ""), enabled: Boolean(uid) });
}

/** PUT /api/users/{uid}/settings: any part; the answer is the whole saved record. */
export async function saveSettings(uid: string, settings: SettingsInput) {
  return SettingsRecord.parse(await apiJson("PUT", settingsUrl(uid), settings));
}

export function useSaveSettings(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SettingsInput) => saveSettings(uid, settings),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(uid), saved),
  });
}
