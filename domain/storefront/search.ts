/** Header search routing (SPEC.md §2 "Header"): lowercase trimmed text → a page and section. */
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

/** Returns null for blank text (the search is blocked). */
export function routeSearch(text: string): SearchTarget | null {
  const q = text.trim().toLowerCase();
  if (!q) return null;
  for (const rule of RULES) {
    if (rule.words.some((w) => q.includes(w))) return rule.target;
  }
  return { path: "/", section: "products" };
}
