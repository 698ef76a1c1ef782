/**
 * Every compiled Spanish catalog, by namespace, in one module: the server imports it at start,
 * the browser loads it (one chunk) before hydrating a Spanish page. English pages never import it.
 */
import type { Catalog } from "./i18n";

const modules = import.meta.glob<{ default: Catalog }>("../../domain/i18n/compiled/es/*.js", {
  eager: true,
});

export const SPANISH_CATALOGS: Readonly<Record<string, Catalog>> = Object.fromEntries(
  Object.entries(modules).map(([file, module]) => [
    file.replace(/^.*\/([^/]+)\.js$/, "$1"),
    module.default,
  ]),
);
