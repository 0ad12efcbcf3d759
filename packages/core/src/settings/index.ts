import type { z } from "zod";
import { Actor } from "../actor";
import { NotFound } from "../error";
import { SettingsEntity } from "./entity";
import { DEFAULT_SETTINGS, SettingsInput, type SettingsRecord } from "./schema";

export namespace Settings {
  export const Input = SettingsInput;
  export type Input = z.infer<typeof Input>;
  export type Info = SettingsRecord;

  function own(uid: string) {
    if (uid !== Actor.userId()) throw new NotFound("Settings");
  }

  function merge(saved: Partial<Info> | undefined, input: Input = {}): Info {
    return {
      notifications: { ...DEFAULT_SETTINGS.notifications, ...saved?.notifications, ...input.notifications },
      privacy: { ...DEFAULT_SETTINGS.privacy, ...saved?.privacy, ...input.privacy },
      preferences: { ...DEFAULT_SETTINGS.preferences, ...saved?.preferences, ...input.preferences },
    } as Info;
  }

  export async function get(uid: string): Promise<Info> {
    own(uid);
    const result = await SettingsEntity.get({ userId: uid }).go();
    return merge(result.data as Partial<Info> | undefined);
  }

  /** Partial saves merge onto what is stored (or the defaults), so nothing unsent is lost. */
  export async function save(uid: string, input: Input): Promise<Info> {
    own(uid);
    const parsed = Input.parse(input);
    const current = await get(uid);
    const next = merge(current, parsed);
    await SettingsEntity.upsert({ userId: uid, ...next }).go();
    return next;
  }
}
