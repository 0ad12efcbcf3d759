import { lazy, Suspense } from "react";
import { createFileRoute, notFound, useRouter } from "@tanstack/react-router";
import { parseRecordId } from "@/lib/route-params";
import { Spinner } from "@/components/ui/spinner";
import { projectDocumentsQuery } from "@/features/documents/queries";
import { parseBox, parseLines, ViewerSearch } from "@/features/viewer/search";

// pdf.js is large: it loads only when a document is opened
const DocumentViewer = lazy(() => import("@/features/viewer/DocumentViewer"));

/** /projects/$id/documents/$documentId?page=N&box=x0,y0,x1,y1: a document in the viewer, a place on it marked. */
export const Route = createFileRoute("/_authed/projects/$id/documents_/$documentId")({
  params: {
    parse: ({ documentId }) => {
      const parsed = parseRecordId(documentId);
      if (parsed === undefined) throw notFound();
      return { documentId: parsed };
    },
    stringify: ({ documentId }) => ({ documentId: String(documentId) }),
  },
  validateSearch: ViewerSearch,
  loader: ({ context: { queryClient }, params }) => void queryClient.prefetchQuery(projectDocumentsQuery(params.id)),
  component: DocumentViewerRoute,
});

function DocumentViewerRoute() {
  const { id, documentId } = Route.useParams();
  const { page, box, lines } = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  return (
    <main id="main" className="flex h-[calc(100dvh-4rem)] flex-col">
      <Suspense
        fallback={
          <div className="flex flex-1 items-center justify-center">
            <Spinner />
          </div>
        }
      >
        <DocumentViewer
          projectId={id}
          documentId={documentId}
          page={page}
          box={box ? parseBox(box) : undefined}
          lines={lines ? parseLines(lines) : undefined}
          // each page is a step of its own: the back button pages back
          onPage={(to) => void navigate({ search: { page: to } })}
          onBack={() =>
            window.history.length > 1 ? router.history.back() : void navigate({ to: "/projects/$id/documents", params: { id } })
          }
        />
      </Suspense>
    </main>
  );
}
