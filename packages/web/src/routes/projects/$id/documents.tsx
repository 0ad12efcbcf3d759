import { createFileRoute } from "@tanstack/react-router";
import { RequireAuth } from "@/features/auth";
import { ProjectDetailPage } from "@/features/projects/ProjectDetailPage";

export const Route = createFileRoute("/projects/$id/documents")({ component: ProjectDocumentsRoute });

function ProjectDocumentsRoute() {
  const { id } = Route.useParams();
  return (
    <RequireAuth>
      <ProjectDetailPage projectId={id} section="documents" />
    </RequireAuth>
  );
}
