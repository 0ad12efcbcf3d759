import * as React from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SavedLevelingReply, type SavedLevelingInput } from "@quorum/core/quote/leveling";
import { apiJson } from "@/lib/api";
import type { LevelingSearch } from "./leveling-search";

const savedLevelingKey = (projectId: number) => ["/api/projects", projectId, "leveling"] as const;

/** GET /api/projects/{id}/leveling: the leveling as last arranged, on any device. */
export function useSavedLeveling(projectId: number) {
  return useQuery({
    queryKey: savedLevelingKey(projectId),
    queryFn: async () => SavedLevelingReply.parse(await apiJson("GET", `/api/projects/${projectId}/leveling`)),
    staleTime: Infinity,
  });
}

const toBody = (search: LevelingSearch): SavedLevelingInput => ({
  quotes: search.quotes ?? "",
  ...(search.base ? { base: search.base } : {}),
  ...(search.rates ? { rates: search.rates } : {}),
  ...(search.award ? { award: search.award } : {}),
});

/**
 * PUT /api/projects/{id}/leveling at each change, one save at a time: changes made while one is
 * on its way are sent after it, only the latest, so the stored leveling is always the last one
 * made, and the saved leveling's query holds it. `saving` is true until it is stored; `failed` when
 * the last save was refused or lost.
 */
export function useSaveLeveling(projectId: number) {
  const queryClient = useQueryClient();
  const { mutateAsync, isError } = useMutation({
    mutationFn: async (search: LevelingSearch) =>
      SavedLevelingReply.parse(await apiJson("PUT", `/api/projects/${projectId}/leveling`, toBody(search))),
    onSuccess: (reply) => queryClient.setQueryData(savedLevelingKey(projectId), reply),
  });
  const next = React.useRef<LevelingSearch | undefined>(undefined);
  const running = React.useRef(false);
  const [saving, setSaving] = React.useState(false);
  const save = React.useCallback(
    (search: LevelingSearch) => {
      next.current = search;
      if (running.current) return;
      running.current = true;
      setSaving(true);
      void (async () => {
        while (next.current) {
          const current = next.current;
          next.current = undefined;
          await mutateAsync(current).catch(() => undefined);
        }
        running.current = false;
        setSaving(false);
      })();
    },
    [mutateAsync],
  );
  return { save, saving, failed: isError && !saving };
}
