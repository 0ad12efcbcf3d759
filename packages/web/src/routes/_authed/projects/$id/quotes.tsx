import { createFileRoute } from "@tanstack/react-router";
import { ProjectDetailPage } from "@/features/projects/ProjectDetailPage";

/** `?quote=ID` opens that quote's detail (a search result's link); anything else is ignored. */
export const Route = createFileRoute("/_authed/projects/$id/quotes")({
  // Read by hand rather than with a zod schema: the route table is part of every first download.
  validateSearch: (search: Record<string, unknown>): { quote?: number } => {
    const quote = Number(search.quote);
    return Number.isInteger(quote) && quote > 0 ? { quote } : {};
  },
  component: ProjectQuotesRoute,
});

function ProjectQuotesRoute() {
  const { id } = Route.useParams();
  const { quote } = Route.useSearch();
  return <ProjectDetailPage projectId={id} section="quotes" quoteId={quote} />;
}
