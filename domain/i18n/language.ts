/**
 * The languages the store speaks to customers. English is the source of every message; Spanish
 * is a translation of it. The back office stays English.
 */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The locale numbers and dates are written in: Spanish as read in the United States ($1,234.50). */
export const LOCALE_OF: Readonly<Record<Language, string>> = { en: "en-US", es: "es-US" };

/** How store notices name the customer's language ("Language: Spanish"). */
export const LANGUAGE_NAME: Readonly<Record<Language, string>> = { en: "English", es: "Spanish" };

export function isLanguage(value: unknown): value is Language {
  return value === "en" || value === "es";
}

/** Values a message's ICU arguments take: `{count, plural, …}`, `{name}`, `{when}`. */
export type MessageValues = Readonly<Record<string, string | number>>;
export type MessageFunction = (values?: MessageValues) => string;
