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

// The Spanish words of the same keywords follow each rule's English ones (/es/search).
const RULES: readonly { words: readonly string[]; target: SearchTarget }[] = [
  { words: ["fabric", "textile", "tela"], target: { path: "/product/fabric" } },
  { words: ["aluminum", "metal", "aluminio"], target: { path: "/product/aluminum" } },
  { words: ["vinyl", "pvc", "vinilo"], target: { path: "/product/vinyl" } },
  {
    words: ["installation", "install", "instalación", "instalacion", "instalar"],
    target: { path: "/", section: "installation" },
  },
  {
    words: ["price", "calculator", "quote", "precio", "precios", "cotización", "cotizacion"],
    target: { path: "/", section: "products" },
  },
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
