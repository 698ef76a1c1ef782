/**
 * The words of the customer's emails in their language (namespace `email` of domain/i18n):
 * `t` for subjects and plain text, `html` for the HTML part (the values escaped; the catalog's
 * own words hold no markup). Store notices stay English and name the customer's language.
 */
import enEmail from "../../domain/i18n/compiled/en/email.js";
import esEmail from "../../domain/i18n/compiled/es/email.js";
import { LANGUAGE_NAME, type Language, type MessageValues } from "../../domain/i18n/language";
import { escapeHtml } from "./render";

export type EmailKey = keyof typeof enEmail;

const CATALOGS: Readonly<Record<Language, typeof enEmail>> = { en: enEmail, es: esEmail };

export interface EmailWords {
  language: Language;
  t(key: EmailKey, values?: MessageValues): string;
  /** `raw` values are HTML already (a <strong>, a link): they go in as they are. */
  html(key: EmailKey, values?: MessageValues, raw?: Readonly<Record<string, string>>): string;
}

export function emailWords(language: Language): EmailWords {
  const catalog = CATALOGS[language];
  return {
    language,
    t: (key, values) => catalog[key](values),
    html: (key, values = {}, raw = {}) => {
      const escaped: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(values)) {
        escaped[name] = typeof value === "string" ? escapeHtml(value) : value;
      }
      return catalog[key]({ ...escaped, ...raw });
    },
  };
}

/** A page of the store as the customer reads it: /es/… for Spanish. */
export function customerUrl(publicUrl: string, language: Language, path: string): string {
  return language === "es" ? `${publicUrl}/es${path}` : `${publicUrl}${path}`;
}

/** The line a store notice adds for a customer who does not read English. */
export function languageNoticeLine(language: Language): string | null {
  return language === "en" ? null : `Language: ${LANGUAGE_NAME[language]}`;
}
