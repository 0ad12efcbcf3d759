import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LessonForgotten, QuoteList, QuoteReply, type CorrectionInput, type Learned, type ProjectQuote } from "@quorum/core/quote/schema";
import { ApiError, apiJson } from "@/lib/api";

export const projectQuotesKey = (projectId: number) => ["/api/projects", projectId, "quotes"] as const;

/** GET /api/projects/{id}/quotes: the quotes, the other commercial records, and quote documents without a quote (still processing, failed). */
export const projectQuotesQuery = (projectId: number) =>
  queryOptions({
    queryKey: projectQuotesKey(projectId),
    queryFn: async () => QuoteList.parse(await apiJson("GET", `/api/projects/${projectId}/quotes`)),
    // While a quote document is still being read, look again now and then: its quote is on the way.
    refetchInterval: (query) =>
      query.state.data?.documents.some((d) => d.processingStatus === "processing" || d.processingStatus === "uploading") ? 5000 : false,
  });

export function useProjectQuotes(projectId: number) {
  return useQuery(projectQuotesQuery(projectId));
}

/**
 * PUT /api/quotes/{id}: the corrected quote replaces the listed one at once. The correction names
 * the version it was made on; when someone saved since (409) the quotes are reloaded.
 */
export function useCorrectQuote(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, version, changes }: { id: number; version: number; changes: CorrectionInput }) =>
      QuoteReply.parse(await apiJson("PUT", `/api/quotes/${id}`, { ...changes, version })),
    onError: (error) => {
      if (isStale(error)) void queryClient.invalidateQueries({ queryKey: projectQuotesKey(projectId) });
    },
    onSuccess: ({ quote }) => {
      const replace = (list: ProjectQuote[]) => list.map((q) => (q.id === quote.id ? quote : q));
      queryClient.setQueryData(projectQuotesKey(projectId), (current: QuoteList | undefined) =>
        current ? { ...current, quotes: replace(current.quotes), records: replace(current.records) } : current,
      );
    },
  });
}

/** The quote changed since it was shown: what was corrected was read from older values. */
export const isStale = (error: unknown) => error instanceof ApiError && error.status === 409;

/** POST /api/quote-memories/forget: the issuer's next documents are read without this lesson; every quote showing it is reloaded. */
export function useForgetLesson(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, field }: Pick<Learned, "key" | "field">) =>
      LessonForgotten.parse(await apiJson("POST", "/api/quote-memories/forget", { key, field })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectQuotesKey(projectId) }),
  });
}
