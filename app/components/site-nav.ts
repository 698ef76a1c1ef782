/**
 * The storefront's navigation as data: one entry per line, so a page is added to
 * the header with one line. `where` says which menus show it: the wide header's row ("main"),
 * the phone menu ("mobile"), or both.
 */
import type shared from "../../domain/i18n/compiled/en/shared.js";

export interface NavItem {
  /** The `shared` catalog's key of its words. */
  label: keyof typeof shared;
  /** Home-page section id, or a path. */
  section?: string;
  to?: string;
  where: readonly ("main" | "mobile")[];
}

const BOTH = ["main", "mobile"] as const;

/**
 * Every product and service page, as the catalog names them (in both languages: the owner's
 * names): the footer's list and the top of
 * the phone menu (a shopper on a phone finds a product from the menu, as in Dawn's drawer).
 */
export const PRODUCT_LINKS: readonly { to: string; label: string }[] = [
  { to: "/product/vinyl", label: "Vinyl Vertical Blinds" },
  { to: "/product/fabric", label: "Fabric Vertical Blinds" },
  { to: "/product/aluminum", label: "Aluminum Mini Blinds" },
  { to: "/product/standard-shutters", label: "Standard Plantation Shutters" },
  { to: "/product/bypass-shutters", label: "Bypass Plantation Shutters" },
  { to: "/zebra-shades", label: "Zebra Shades" },
  { to: "/track-replacement", label: "Track Replacement" },
];

// One name per page: "Book a Visit" picks a time (/book); "Free In-Home Estimate" asks for
// one, with photos (/estimate), as each page's heading says.
export const SITE_NAV: readonly NavItem[] = [
  { label: "nav.products", section: "products", where: ["main"] },
  { label: "nav.zebraShades", to: "/zebra-shades", where: ["main"] },
  { label: "nav.trackReplacement", to: "/track-replacement", where: ["main"] },
  { label: "nav.samples", to: "/samples", where: ["mobile"] },
  { label: "nav.book", to: "/book", where: BOTH },
  { label: "nav.estimate", to: "/estimate", where: ["mobile"] },
  { label: "nav.installation", section: "installation", where: BOTH },
  { label: "nav.reviews", section: "testimonials", where: ["mobile"] },
  { label: "nav.contact", to: "/contact", where: BOTH },
];

/** Product pages the catalog may withdraw: not linked when it no longer sells them. */
export const PRODUCT_PAGES: readonly string[] = ["/track-replacement", "/zebra-shades"];
