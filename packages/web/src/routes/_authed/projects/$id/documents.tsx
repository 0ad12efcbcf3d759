import { createFileRoute } from "@tanstack/react-router";
import { projectDocumentsQuery } from "@/features/documents/queries";
import { ProjectDetailPage } from "@/features/projects/ProjectDetailPage";

export const Route = createFileRoute("/_authed/projects/$id/documents")({
  // The list starts loading with the project, not after it.
  loader: ({ context: { queryClient }, params }) => void queryClient.prefetchQuery(projectDocumentsQuery(params.id)),
  component: ProjectDocumentsRoute,
});

function ProjectDocumentsRoute() {
  const { id } = Route.useParams();
  return <ProjectDetailPage projectId={id} section="documents" />;
}
