import { z } from "zod";
import { Actor } from "../actor";
import { defineEntity, timestamps } from "../db/entity";
import { NotFound } from "../error";

export const LANGUAGES = ["en", "es", "fr", "de"] as const;
export const FONT_SIZES = ["small", "medium", "large"] as const;

/** The spec's defaults, answered when nothing was saved yet. */
export const DEFAULT_SETTINGS = {
  notifications: { email: true, push: false, chat: true },
  privacy: { shareData: false, analytics: true },
  preferences: { language: "en", fontSize: "medium" },
} as const;

export const SettingsEntity = defineEntity({
  model: { entity: "settings", version: "1", service: "quorum" },
  attributes: {
    userId: { type: "string", required: true, readOnly: true },
    notifications: {
      type: "map",
      required: true,
      properties: { email: { type: "boolean" }, push: { type: "boolean" }, chat: { type: "boolean" } },
    },
    privacy: {
      type: "map",
      required: true,
      properties: { shareData: { type: "boolean" }, analytics: { type: "boolean" } },
    },
    preferences: {
      type: "map",
      required: true,
      properties: { language: { type: LANGUAGES }, fontSize: { type: FONT_SIZES } },
    },
    ...timestamps,
  },
  indexes: {
    primary: {
      pk: { field: "pk", composite: ["userId"] },
      sk: { field: "sk", composite: [] },
    },
  },
});

export namespace Settings {
  export const Input = z.object({
    notifications: z.object({ email: z.boolean(), push: z.boolean(), chat: z.boolean() }).partial().strict().optional(),
    privacy: z.object({ shareData: z.boolean(), analytics: z.boolean() }).partial().strict().optional(),
    preferences: z
      .object({
        language: z.enum(LANGUAGES, { message: "language must be one of en, es, fr, de" }),
        fontSize: z.enum(FONT_SIZES, { message: "fontSize must be small, medium or large" }),
      })
      .partial()
      .strict()
      .optional(),
  });
  export type Input = z.infer<typeof Input>;
  export type Info = {
    notifications: { email: boolean; push: boolean; chat: boolean };
    privacy: { shareData: boolean; analytics: boolean };
    preferences: { language: (typeof LANGUAGES)[number]; fontSize: (typeof FONT_SIZES)[number] };
  };

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
