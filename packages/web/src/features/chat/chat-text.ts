import { i18next } from "@/i18n";

/** The chat catalog's text in the language on screen when it is shown (errors are worded as they happen). */
export const chatText = i18next.getFixedT(null, "chat");
