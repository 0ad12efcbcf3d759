import { createFileRoute, notFound } from "@tanstack/react-router";
import { parseRecordId } from "@/lib/route-params";
import { ProjectNotFound } from "@/features/projects/ProjectNotFound";
import { projectQuery } from "@/features/projects/queries";

/** /projects/$id and its sections: the id parsed once, the project fetched as soon as a link to it is pointed at. */
export const Route = createFileRoute("/_authed/projects/$id")({
  params: {
    parse: ({ id }) => {
      const parsed = parseRecordId(id);
      if (parsed === undefined) throw notFound();
      return { id: parsed };
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  // Not awaited: the section shows its own 'Loading project...' meanwhile, and a missing project its own message.
  loader: ({ context: { queryClient }, params }) => void queryClient.prefetchQuery(projectQuery(params.id)),
  notFoundComponent: ProjectNotFound,
});
