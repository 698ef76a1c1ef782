/**
 * Per-page title, description, canonical URL and Open Graph tags. The origin comes from the
 * root loader (PUBLIC_URL), so canonical links are absolute.
 */
import type { MetaDescriptor } from "react-router";

interface RootMatchData {
  publicUrl: string;
  business: { name: string };
}

/** The root loader's data as meta reads it (matches are typed loosely by the router). */
function isRootMatchData(value: unknown): value is RootMatchData {
  return (
    typeof value === "object" &&
    value !== null &&
    "publicUrl" in value &&
    typeof value.publicUrl === "string" &&
    "business" in value &&
    typeof value.business === "object" &&
    value.business !== null &&
    "name" in value.business &&
    typeof value.business.name === "string"
  );
}

export function pageMeta(options: {
  title: string;
  description: string;
  path: string;
  /** Root loader data (from `matches`), for the origin and store name. */
  root: RootMatchData | undefined;
  /** Extra JSON-LD objects for this page. */
  jsonLd?: readonly object[];
  noIndex?: boolean;
}): MetaDescriptor[] {
  const origin = options.root?.publicUrl ?? "";
  const siteName = options.root?.business.name ?? "";
  const url = `${origin}${options.path}`;
  const title = options.title.includes(siteName) ? options.title : `${options.title} | ${siteName}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: options.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: options.description },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary" },
  ];
  if (options.noIndex) tags.push({ name: "robots", content: "noindex" });
  for (const data of options.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** A back-office page: "<title> | Admin", never indexed. */
export function adminMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Admin` }, { name: "robots", content: "noindex" }];
}

/** The root route's loader data out of a meta function's `matches`. */
export function rootFromMatches(matches: readonly unknown[]): RootMatchData | undefined {
  for (const m of matches) {
    if (typeof m === "object" && m !== null && "id" in m && m.id === "root") {
      return "data" in m && isRootMatchData(m.data) ? m.data : undefined;
    }
  }
  return undefined;
}
