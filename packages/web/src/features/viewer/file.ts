import { useQuery } from "@tanstack/react-query";
import { documentViewUrl, useProjectDocuments } from "@/features/documents/queries";

export const isPdf = (name: string) => /\.pdf$/i.test(name);
export const isPicture = (name: string) => /\.(png|jpe?g)$/i.test(name);

/**
 * A project's document and a short-lived link to its file (the API's, under the same ownership
 * rules as downloading it): `document` is undefined when it was removed or is not the project's.
 */
export function useDocumentFile(projectId: number, documentId: number) {
  const documents = useProjectDocuments(projectId);
  const document = documents.data?.find((d) => d.id === documentId);
  const link = useQuery({
    queryKey: ["documents", "view", documentId],
    queryFn: () => documentViewUrl(documentId),
    enabled: document !== undefined,
    // the link expires: a fresh one each time the viewer opens
    staleTime: 60_000,
    gcTime: 0,
  });
  return { documents, document, link };
}
