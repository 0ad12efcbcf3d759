import { CorrectionInput } from "@quorum/core/quote/schema";
import { ProjectQuotes } from "@quorum/core/quote/project-quotes";
import { NumericId, route } from "../http/route";

/** GET /api/projects/{id}/quotes: `{ quotes, documents }` (quote documents without a quote yet). */
export const list = route({ path: NumericId }, async ({ path }) => ProjectQuotes.list(path.id));

/** PUT /api/quotes/{id}: a correction of the extracted values; answers `{ quote }`, flags recomputed. */
export const correct = route({ path: NumericId, body: CorrectionInput }, async ({ path, body }) => ({
  quote: await ProjectQuotes.correct({ id: path.id, changes: body }),
}));
