import { createFileRoute } from "@tanstack/react-router";
import { ProjectDetailPage } from "@/features/projects/ProjectDetailPage";

export const Route = createFileRoute("/_authed/projects/$id/upload")({ component: ProjectUploadRoute });

function ProjectUploadRoute() {
  const { id } = Route.useParams();
  return <ProjectDetailPage projectId={id} section="upload" />;
}
