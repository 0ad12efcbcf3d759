import type { LANGUAGES } from "../settings/index";

export type Language = (typeof LANGUAGES)[number];
