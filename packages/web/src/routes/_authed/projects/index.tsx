import { createFileRoute } from "@tanstack/react-router";
import { contactsQuery, customersQuery } from "@/features/customers/queries";
import { projectsQuery } from "@/features/projects/queries";
import { ProjectsPage } from "@/features/projects/ProjectsPage";

export const Route = createFileRoute("/_authed/projects/")({
  // Starts the three lists the cards join without waiting for them: the page shows its own skeletons meanwhile.
  loader: ({ context: { queryClient, user } }) => {
    if (!user) return;
    void queryClient.prefetchQuery(projectsQuery(user.uid));
    void queryClient.prefetchQuery(customersQuery(user.uid));
    void queryClient.prefetchQuery(contactsQuery(user.uid));
  },
  component: ProjectsPage,
});
