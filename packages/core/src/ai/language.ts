/** The languages the product speaks, by their English names (what a model understands best). */
const LANGUAGE_NAMES: Record<string, string> = { en: "English", es: "Spanish", fr: "French", de: "German" };

/**
 * The system prompt's line that makes answers default to the person's language:
 * a question written in another language is still answered in that one.
 */
export function languageInstruction(language: string | undefined): string | undefined {
  const name = language ? LANGUAGE_NAMES[language] : undefined;
  if (!name) return undefined;
  return `Write your answer in ${name}, unless the user's latest message is written in another language: then answer in the language of that message.`;
}

/** `system` with the language line added (a call without a system prompt gets the line alone). */
export function withLanguage(system: string | undefined, language: string | undefined): string | undefined {
  const line = languageInstruction(language);
  if (!line) return system;
  return system ? `${system}\n\n${line}` : line;
}
