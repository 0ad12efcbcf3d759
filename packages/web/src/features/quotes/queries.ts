import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiJson } from "@/lib/api";
import type { z } from "zod";
import type { CorrectionInput } from "@quorum/core/quote/schema";
import type { ProjectQuotes, Quote } from "./model";

export const projectQuotesKey = (projectId: number) => ["/api/projects", projectId, "quotes"] as const;

/** GET /api/projects/{id}/quotes: the quotes, the other commercial records, and quote documents without a quote (still processing, failed). */
export function useProjectQuotes(projectId: number) {
  return useQuery({
    queryKey: projectQuotesKey(projectId),
    queryFn: () => apiJson<ProjectQuotes>("GET", `/api/projects/${projectId}/quotes`),
    // While a quote document is still being read, look again now and then: its quote is on the way.
    refetchInterval: (query) =>
      query.state.data?.documents.some((d) => d.processingStatus === "processing" || d.processingStatus === "uploading") ? 5000 : false,
  });
}

/** PUT /api/quotes/{id}'s body: core's CorrectionInput. */
export type QuoteCorrection = z.input<typeof CorrectionInput>;

/**
 * PUT /api/quotes/{id}: the corrected quote replaces the listed one at once. The correction names
 * the version it was made on; when someone saved since (409) the quotes are reloaded.
 */
export function useCorrectQuote(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, changes }: { id: number; version: number; changes: QuoteCorrection }) =>
      apiJson<{ quote: Quote }>("PUT", `/api/quotes/${id}`, { ...changes, version }),
    onError: (error) => {
      if (isStale(error)) void queryClient.invalidateQueries({ queryKey: projectQuotesKey(projectId) });
    },
    onSuccess: ({ quote }) => {
      const replace = (list: Quote[]) => list.map((q) => (q.id === quote.id ? quote : q));
      queryClient.setQueryData<ProjectQuotes>(projectQuotesKey(projectId), (current) =>
        current ? { ...current, quotes: replace(current.quotes), records: replace(current.records) } : current,
      );
    },
  });
}

/** The quote changed since it was shown: what was corrected was read from older values. */
export const isStale = (error: unknown) => error instanceof ApiError && error.status === 409;
