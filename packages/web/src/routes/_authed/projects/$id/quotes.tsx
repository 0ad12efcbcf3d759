import { createFileRoute } from "@tanstack/react-router";
import { ProjectDetailPage } from "@/features/projects/ProjectDetailPage";

export const Route = createFileRoute("/_authed/projects/$id/quotes")({ component: ProjectQuotesRoute });

function ProjectQuotesRoute() {
  const { id } = Route.useParams();
  return <ProjectDetailPage projectId={id} section="quotes" />;
}
