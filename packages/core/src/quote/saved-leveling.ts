import { Actor } from "../actor";
import { fn } from "../fn";
import { Project } from "../project/index";
import { recordId } from "../validation";
import { z } from "zod";
import { SavedLevelingInput, type SavedLeveling as Saved, type SavedLevelingReply } from "./leveling";
import { SavedLevelingEntity, type SavedLevelingItem } from "./leveling-entity";

const reply = (item: SavedLevelingItem | null): SavedLevelingReply => ({
  leveling: item
    ? ({
        quotes: item.quotes,
        ...(item.base ? { base: item.base } : {}),
        ...(item.rates ? { rates: item.rates } : {}),
        ...(item.award ? { award: item.award } : {}),
        updatedAt: item.updatedAt,
      } satisfies Saved)
    : null,
});

export namespace SavedLeveling {
  /** The caller's project's leveling as last arranged (another account's project is not found). */
  export const get = fn(recordId("Project ID"), async (projectId) => {
    await Project.get(projectId);
    const item = (await SavedLevelingEntity.get({ projectId }).go()).data;
    return reply(item && item.userId === Actor.userId() ? item : null);
  });

  /** Keeps the leveling as now arranged, replacing the one before (settings left out are cleared). */
  export const save = fn(z.object({ projectId: recordId("Project ID"), leveling: SavedLevelingInput }), async ({ projectId, leveling }) => {
    await Project.get(projectId);
    const { data } = await SavedLevelingEntity.put({ projectId, userId: Actor.userId(), ...leveling }).go();
    return reply(data);
  });
}
