import { createFileRoute } from "@tanstack/react-router";
import { LevelingPage } from "@/features/quotes/LevelingPage";
import { levelingSearch } from "@/features/quotes/leveling-search";
import { projectQuotesQuery } from "@/features/quotes/queries";

/** /projects/$id/quotes/compare: vendor leveling, its choices (quotes, currency, rates, awards) in the address. */
export const Route = createFileRoute("/_authed/projects/$id/quotes_/compare")({
  validateSearch: levelingSearch,
  loader: ({ context: { queryClient }, params }) => void queryClient.prefetchQuery(projectQuotesQuery(params.id)),
  component: LevelingRoute,
});

function LevelingRoute() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  return <LevelingPage projectId={id} search={search} />;
}
