/**
 * Per-page title, description, canonical URL and Open Graph tags. The origin comes from the
 * root loader (PUBLIC_URL), so canonical links are absolute.
 */
import type { MetaDescriptor } from "react-router";
import type { Language } from "../../domain/i18n/language";
import { localizedPath } from "../../domain/i18n/paths";

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

export const OG_IMAGE = {
  path: "/og-image.jpg",
  width: 1200,
  height: 630,
  alt: "A window blind drawn beside the store's name",
} as const;

/** schema.org BreadcrumbList of the trail a page shows: Home › Products › Vinyl Vertical Blinds. */
export function breadcrumbJsonLd(
  origin: string,
  trail: readonly { name: string; path: string }[],
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: step.name,
      item: `${origin}${step.path}`,
    })),
  };
}

/** A product's pictures for its JSON-LD: its drawing and the store's shared picture. */
export function productImages(origin: string, type: string): string[] {
  return [`${origin}/pictures/${type}.svg`, `${origin}${OG_IMAGE.path}`];
}

export function pageMeta(options: {
  title: string;
  description: string;
  path: string;
  /** Root loader data (from `matches`), for the origin and store name. */
  root: RootMatchData | undefined;
  /** Extra JSON-LD objects for this page. */
  jsonLd?: readonly object[];
  /** The breadcrumb trail the page shows after Home, the page itself last, as BreadcrumbList. */
  breadcrumb?: readonly { name: string; path: string }[];
  noIndex?: boolean;
  /** The page's language (default English): its canonical address and breadcrumb under /es. */
  language?: Language;
}): MetaDescriptor[] {
  const language = options.language ?? "en";
  const origin = options.root?.publicUrl ?? "";
  const siteName = options.root?.business.name ?? "";
  const url = `${origin}${localizedPath(options.path, language)}`;
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
    { property: "og:locale", content: language === "es" ? "es_US" : "en_US" },
    // One picture for every shared link (a drawn window and the store's name, 1200×630): the
    // product drawings are SVG, which link previews don't show.
    { property: "og:image", content: `${origin}${OG_IMAGE.path}` },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: OG_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (options.noIndex) tags.push({ name: "robots", content: "noindex" });
  for (const data of options.jsonLd ?? []) tags.push({ "script:ld+json": data });
  if (options.breadcrumb?.length) {
    const home = { name: language === "es" ? "Inicio" : "Home", path: "/" };
    const trail = [home, ...options.breadcrumb].map((step) => ({
      name: step.name,
      path: localizedPath(step.path, language),
    }));
    tags.push({ "script:ld+json": breadcrumbJsonLd(origin, trail) });
  }
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
