import { createFileRoute, notFound } from "@tanstack/react-router";
import { z } from "zod";
import { ProjectNotFound } from "@/features/projects/ProjectNotFound";
import { projectQuery } from "@/features/projects/queries";

/** Project ids are positive whole numbers; anything else in the address is a project that does not exist. */
const ProjectId = z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

/** /projects/$id and its sections: the id parsed once, the project fetched as soon as a link to it is pointed at. */
export const Route = createFileRoute("/_authed/projects/$id")({
  params: {
    parse: ({ id }) => {
      const parsed = ProjectId.safeParse(id);
      if (!parsed.success) throw notFound();
      return { id: parsed.data };
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  // Not awaited: the section shows its own 'Loading project...' meanwhile, and a missing project its own message.
  loader: ({ context: { queryClient }, params }) => void queryClient.prefetchQuery(projectQuery(params.id)),
  notFoundComponent: ProjectNotFound,
});
