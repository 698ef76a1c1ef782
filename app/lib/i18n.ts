/**
 * The pages' words in the visitor's language. The language comes from the address (/es/… is
 * Spanish); English catalogs are imported by the components that use them, and the
 * Spanish ones are registered once: on the server at start (entry.server.tsx), in the browser
 * before hydration and only on a Spanish page (entry.client.tsx), so an English page never
 * downloads them.
 */
import { useLocation } from "react-router";
import type { Language, MessageFunction, MessageValues } from "../../domain/i18n/language";
import { languageOfPath, localizedPath } from "../../domain/i18n/paths";

export type Catalog = Readonly<Record<string, MessageFunction>>;
/** A catalog's words in one language: `t("home.title")`, `t("cart.items", { count: 2 })`. */
export type Translate<Key extends string> = (key: Key, values?: MessageValues) => string;

const spanishCatalogs = new Map<string, Catalog>();

/** Makes the compiled Spanish catalogs (namespace → messages) available to `useT`. */
export function registerSpanishCatalogs(catalogs: Readonly<Record<string, Catalog>>): void {
  for (const [namespace, catalog] of Object.entries(catalogs)) {
    spanishCatalogs.set(namespace, catalog);
  }
}

/** The page's language, from its address. */
export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}

/** A catalog's words in a language (for code outside components: meta, loaders). */
export function translator<Key extends string>(
  language: Language,
  namespace: string,
  english: Readonly<Record<Key, MessageFunction>>,
): Translate<Key> {
  if (language === "en") return (key, values) => english[key](values);
  const spanish = spanishCatalogs.get(namespace);
  if (!spanish) {
    throw new Error(
      `The Spanish catalog "${namespace}" is not loaded: a Spanish page is reached by a document load (entry.client.tsx loads the catalogs before hydration).`,
    );
  }
  return (key, values) => (spanish[key] ?? english[key])(values);
}

/**
 * The words of one namespace on this page: `const t = useT("storefront", en)` with `en` the
 * compiled English catalog (`import en from "…/domain/i18n/compiled/en/storefront.js"`).
 */
export function useT<Key extends string>(
  namespace: string,
  english: Readonly<Record<Key, MessageFunction>>,
): Translate<Key> {
  return translator(useLanguage(), namespace, english);
}

/** Store paths in the page's language, for links and forms: `to={localized("/cart")}`. */
export function useLocalized(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizedPath(path, language);
}
