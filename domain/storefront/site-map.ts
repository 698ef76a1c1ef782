/** The public pages search engines should know, and the paths robots.txt keeps them out of. */
import { localizedPath } from "../i18n/paths";
import { PRODUCT_TYPES } from "./catalog";

export const PUBLIC_INFO_PATHS = [
  "/",
  "/contact",
  "/faq",
  "/maintenance-tips",
  "/returns",
  "/warranty",
  "/samples",
  "/estimate",
  "/book",
] as const;

export const DISALLOWED_PATHS = [
  "/admin",
  "/cart",
  "/checkout",
  "/orders",
  "/api/",
  "/es/cart",
  "/es/checkout",
  "/es/orders",
] as const;

/** The product and service pages of what the catalog sells (withdrawn ones left out). */
export function offeredPaths(
  products: readonly { type: string }[],
  services: readonly { type: string }[],
): string[] {
  return [
    ...products.map((p) => productPath(p.type)),
    ...services.filter((s) => s.type === "track-replacement").map(() => "/track-replacement"),
  ];
}

/** Every product and service page of the shipped catalog. */
export const EVERY_OFFERED_PATH: readonly string[] = [
  ...PRODUCT_TYPES.map((t) => productPath(t)),
  "/track-replacement",
];

/** The page of a product type: zebra shades have their own configurator. */
export function productPath(type: string): string {
  return type === "zebra-shades" ? "/zebra-shades" : `/product/${type}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Every page in both languages, each entry naming its two addresses (Google's
 * `xhtml:link rel="alternate" hreflang`), English the default.
 */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const url = (path: string) => escapeXml(`${origin}${path}`);
  const urls = [...new Set(paths)]
    .flatMap((p) => {
      const spanish = localizedPath(p, "es");
      const alternates = [
        `<xhtml:link rel="alternate" hreflang="en" href="${url(p)}"/>`,
        `<xhtml:link rel="alternate" hreflang="es" href="${url(spanish)}"/>`,
        `<xhtml:link rel="alternate" hreflang="x-default" href="${url(p)}"/>`,
      ].join("");
      return [p, spanish].map((loc) => `  <url><loc>${url(loc)}</loc>${alternates}</url>`);
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls}
</urlset>
`;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *
${DISALLOWED_PATHS.map((p) => `Disallow: ${p}`).join("\n")}
Allow: /

Sitemap: ${origin}/sitemap.xml
`;
}
