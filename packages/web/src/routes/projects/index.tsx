import { createFileRoute } from "@tanstack/react-router";
import { RequireAuth } from "@/features/auth";
import { ProjectsPage } from "@/features/projects/ProjectsPage";

export const Route = createFileRoute("/projects/")({ component: ProjectsRoute });

function ProjectsRoute() {
  return (
    <RequireAuth>
      <ProjectsPage />
    </RequireAuth>
  );
}
