import { QuoteMemory } from "@quorum/core/quote/memory";
import { CorrectionInput, ForgetInput } from "@quorum/core/quote/schema";
import { ProjectQuotes } from "@quorum/core/quote/project-quotes";
import { SavedLevelingInput } from "@quorum/core/quote/leveling";
import { SavedLeveling } from "@quorum/core/quote/saved-leveling";
import { NumericId, route } from "../http/route";

/** GET /api/projects/{id}/quotes: `{ quotes, documents }` (quote documents without a quote yet). */
export const list = route({ path: NumericId }, async ({ path }) => ProjectQuotes.list(path.id));

/** PUT /api/quotes/{id}: a correction of the extracted values; answers `{ quote }`, flags recomputed. */
export const correct = route({ path: NumericId, body: CorrectionInput }, async ({ path, body }) => ({
  quote: await ProjectQuotes.correct({ id: path.id, changes: body }),
}));

/** POST /api/quote-memories/forget: the caller's issuer documents are no longer read with this lesson. */
export const forget = route({ body: ForgetInput }, async ({ body }) => {
  await QuoteMemory.forget(body);
  return { forgotten: true as const };
});

/** GET /api/projects/{id}/leveling: `{ leveling }`, the project's leveling as last arranged, or null. */
export const leveling = route({ path: NumericId }, async ({ path }) => SavedLeveling.get(path.id));

/** PUT /api/projects/{id}/leveling: keeps the leveling as now arranged; answers `{ leveling }`. */
export const saveLeveling = route({ path: NumericId, body: SavedLevelingInput }, async ({ path, body }) =>
  SavedLeveling.save({ projectId: path.id, leveling: body }),
);
