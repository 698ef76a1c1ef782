/**
 * The header search's keywords: the text,
 * lower-cased and trimmed, that is one of them goes straight to its page and section; any other
 * text is searched (/search?q=…).
 */
export interface SearchTarget {
  path: string;
  /** Element id to scroll to after navigating, if any. */
  section?: "products" | "installation";
}

const RULES: readonly { words: readonly string[]; target: SearchTarget }[] = [
  { words: ["fabric", "textile"], target: { path: "/product/fabric" } },
  { words: ["aluminum", "metal"], target: { path: "/product/aluminum" } },
  { words: ["vinyl", "pvc"], target: { path: "/product/vinyl" } },
  { words: ["installation", "install"], target: { path: "/", section: "installation" } },
  { words: ["price", "calculator", "quote"], target: { path: "/", section: "products" } },
];

/** The keyword's page, or null for any other text (blank included). */
export function routeSearch(text: string): SearchTarget | null {
  const q = text.trim().toLowerCase();
  if (!q) return null;
  return RULES.find((rule) => rule.words.includes(q))?.target ?? null;
}

/** The URL a target opens: "/product/vinyl", "/#installation". */
export function searchTargetHref(target: SearchTarget): string {
  return target.section ? `${target.path}#${target.section}` : target.path;
}
