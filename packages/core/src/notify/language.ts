import type { LANGUAGES } from "../settings/schema";

export type Language = (typeof LANGUAGES)[number];
