/** The public pages search engines should know, and the paths robots.txt keeps them out of. */
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

export const DISALLOWED_PATHS = ["/admin", "/cart", "/checkout", "/orders", "/api/"] as const;

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

export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = [...new Set(paths)]
    .map((p) => `  <url><loc>${escapeXml(`${origin}${p}`)}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
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
