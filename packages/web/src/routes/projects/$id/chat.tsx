import { createFileRoute } from "@tanstack/react-router";
import { RequireAuth } from "@/features/auth";
import { ProjectDetailPage } from "@/features/projects/ProjectDetailPage";

export const Route = createFileRoute("/projects/$id/chat")({ component: ProjectChatRoute });

function ProjectChatRoute() {
  const { id } = Route.useParams();
  return (
    <RequireAuth>
      <ProjectDetailPage projectId={id} section="chat" />
    </RequireAuth>
  );
}
