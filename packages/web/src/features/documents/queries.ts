import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DocumentList } from "@quorum/core/document/schema";
import { apiAllPages, apiJson } from "@/lib/api";
import { usageKey } from "@/features/billing/queries";
import { isInFlight, type DocumentCategory, type ProjectDocument } from "./model";

/** Its own key space, so invalidating project lists never refetches documents and back. */
export const documentsKey = (projectId: number) => ["documents", "project", projectId] as const;

/**
 * While a document is uploading or processing the server is the only one who knows when
 * it is done, so the list asks again every few seconds, and stops once none is in flight.
 * (The app's default is no polling; this query overrides it for that reason alone.)
 */
export const POLL_MS = 2500;

/** A project's documents; shared by the Documents and Upload sections' loaders (which prefetch it) and their lists. */
export const projectDocumentsQuery = (projectId: number) =>
  queryOptions({
    queryKey: documentsKey(projectId),
    queryFn: () => apiAllPages(`/api/projects/${projectId}/documents`, DocumentList, "documents"),
    refetchInterval: (query) => (query.state.data?.some(isInFlight) ? POLL_MS : false),
  });

export const useProjectDocuments = (projectId: number) => useQuery(projectDocumentsQuery(projectId));

export function useDeleteDocument(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson<{ id: number }>("DELETE", `/api/documents/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) => {
      // Gone at once, before the refetch answers: a deleted row must not linger clickable.
      queryClient.setQueryData<ProjectDocument[]>(documentsKey(projectId), (list) => list?.filter((d) => d.id !== id));
      // Its bytes are given back to the plan's storage.
      void queryClient.invalidateQueries({ queryKey: usageKey });
      return queryClient.invalidateQueries({ queryKey: documentsKey(projectId) });
    },
  });
}

export function useMoveDocument(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, documentCategory }: { id: number; documentCategory: DocumentCategory }) =>
      apiJson<{ document: ProjectDocument }>("PUT", `/api/documents/${encodeURIComponent(id)}/move`, { documentCategory }),
    onSuccess: ({ document }) => {
      queryClient.setQueryData<ProjectDocument[]>(documentsKey(projectId), (list) =>
        list?.map((d) => (d.id === document.id ? document : d)),
      );
      return queryClient.invalidateQueries({ queryKey: documentsKey(projectId) });
    },
  });
}

/** GET /api/documents/{id}/view: a short-lived link to the file itself. */
export const documentViewUrl = (id: number) =>
  apiJson<{ url: string; expiresAt: string }>("GET", `/api/documents/${encodeURIComponent(id)}/view`);
