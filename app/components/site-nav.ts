/**
 * The storefront's navigation as data: one entry per line, so a page is added to
 * the header with one line. `where` says which menus show it: the wide header's row ("main"),
 * the phone menu ("mobile"), or both.
 */
export interface NavItem {
  label: string;
  /** Home-page section id, or a path. */
  section?: string;
  to?: string;
  where: readonly ("main" | "mobile")[];
}

const BOTH = ["main", "mobile"] as const;

export const SITE_NAV: readonly NavItem[] = [
  { label: "Products", section: "products", where: BOTH },
  { label: "Zebra Shades", to: "/zebra-shades", where: BOTH },
  { label: "Track Replacement", to: "/track-replacement", where: BOTH },
  { label: "Free Samples", to: "/samples", where: ["mobile"] },
  // The header's "Free estimate" books the visit.
  { label: "Free Estimate", to: "/book", where: BOTH },
  { label: "Estimate from Photos", to: "/estimate", where: ["mobile"] },
  { label: "Installation", section: "installation", where: BOTH },
  { label: "Reviews", section: "testimonials", where: ["mobile"] },
  { label: "Contact", to: "/contact", where: BOTH },
];

/** Product pages the catalog may withdraw: not linked when it no longer sells them. */
export const PRODUCT_PAGES: readonly string[] = ["/track-replacement", "/zebra-shades"];
