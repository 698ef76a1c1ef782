/**
 * Where each language lives: English at the root (/faq), Spanish under /es (/es/faq, and /es for
 * the home page). One page, two addresses; these functions go from one to the other.
 */
import type { Language } from "./language";

const SPANISH_PREFIX = "/es";

/** The language of a path: /es and /es/… are Spanish, every other path English. */
export function languageOfPath(pathname: string): Language {
  return pathname === SPANISH_PREFIX || pathname.startsWith(`${SPANISH_PREFIX}/`) ? "es" : "en";
}

/** The English path of a page (/es/faq → /faq, /es → /); an English path is returned as it is. */
export function basePath(pathname: string): string {
  if (languageOfPath(pathname) === "en") return pathname;
  return pathname.slice(SPANISH_PREFIX.length) || "/";
}

/**
 * A path of the store in a language: "/faq" → "/es/faq", "/" → "/es", "/#installation" →
 * "/es#installation", "/search?q=x" → "/es/search?q=x". Paths that are not pages (the API,
 * files, other sites) and paths already in a language are left alone.
 */
export function localizedPath(path: string, language: Language): string {
  if (language === "en" || !path.startsWith("/") || path.startsWith("//")) return path;
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  const rest = end === -1 ? "" : path.slice(end);
  if (languageOfPath(pathname) === "es" || /^\/(?:api|admin)(?:\/|$)/.test(pathname)) return path;
  return `${pathname === "/" ? SPANISH_PREFIX : `${SPANISH_PREFIX}${pathname}`}${rest}`;
}

/** The same page in the other language, query and fragment kept (the language switch). */
export function otherLanguagePath(pathname: string, search = "", hash = ""): string {
  const other: Language = languageOfPath(pathname) === "es" ? "en" : "es";
  return `${localizedPath(basePath(pathname), other)}${search}${hash}`;
}
