import { z } from "zod";

/** A user's settings as the API takes and answers them: browser-safe (zod only), shared with the web. */

export const LANGUAGES = ["en", "es", "fr", "de"] as const;
export const FONT_SIZES = ["small", "medium", "large"] as const;

/** What an account starts with, answered while nothing was saved yet. */
export const DEFAULT_SETTINGS = {
  notifications: { email: true, push: false, chat: true },
  privacy: { shareData: false, analytics: true },
  preferences: { language: "en", fontSize: "medium" },
} as const;

/** PUT /api/users/{uid}/settings: any part; what is left out stays as saved. */
export const SettingsInput = z.object({
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
export type SettingsInput = z.infer<typeof SettingsInput>;

/** GET and PUT /api/users/{uid}/settings: every switch and preference, the defaults filling what was never saved. */
export const SettingsRecord = z.object({
  notifications: z.object({ email: z.boolean(), push: z.boolean(), chat: z.boolean() }),
  privacy: z.object({ shareData: z.boolean(), analytics: z.boolean() }),
  preferences: z.object({ language: z.enum(LANGUAGES), fontSize: z.enum(FONT_SIZES) }),
});
export type SettingsRecord = z.infer<typeof SettingsRecord>;
