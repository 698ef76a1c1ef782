/** The explicit route table of spec §2 (plus the private order-status page and admin). */
import { index, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";

/**
 * Paths are matched exactly: /CART or /Orders/REF is not the cart or an order's
 * page but the 404, like any unknown path. Every route, nested ones included, is case-sensitive.
 */
function exactPaths(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.map((entry) => ({
    ...entry,
    caseSensitive: true,
    ...(entry.children ? { children: exactPaths(entry.children) } : {}),
  }));
}

/**
 * The customer's pages, each at its English path and at its Spanish twin under /es: the same
 * module, its own route id ("es/faq"). "" is the home page, /es in Spanish.
 */
const PUBLIC_PAGES: readonly (readonly [path: string, file: string])[] = [
  ["", "routes/storefront/home.tsx"],
  ["product/:productType", "routes/storefront/product.tsx"],
  ["track-replacement", "routes/storefront/track-replacement.tsx"],
  ["zebra-shades", "routes/storefront/zebra-shades.tsx"],
  ["cart", "routes/storefront/cart.tsx"],
  ["projects/:token", "routes/storefront/project.tsx"],
  ["checkout", "routes/orders/checkout.tsx"],
  ["order-confirmation", "routes/orders/order-confirmation.tsx"],
  ["orders/:reference", "routes/orders/order-status.tsx"],
  ["orders/:reference/receipt", "routes/orders/order-receipt.tsx"],
  ["account", "routes/account/account.tsx"],
  ["account/verify", "routes/account/verify.ts"],
  ["quotes/:token", "routes/sales/quote.tsx"],
  ["contact", "routes/requests/contact.tsx"],
  ["samples", "routes/requests/samples.tsx"],
  ["estimate", "routes/requests/estimate.tsx"],
  ["book", "routes/scheduling/book.tsx"],
  ["bookings/:reference", "routes/scheduling/booking.tsx"],
  ["faq", "routes/storefront/faq.tsx"],
  ["search", "routes/storefront/search.tsx"],
  ["maintenance-tips", "routes/storefront/maintenance-tips.tsx"],
  ["returns", "routes/storefront/returns.tsx"],
  ["warranty", "routes/storefront/warranty.tsx"],
];

function englishPage([path, file]: readonly [string, string]): RouteConfigEntry {
  return path ? route(path, file) : index(file);
}

function spanishPage([path, file]: readonly [string, string]): RouteConfigEntry {
  return route(path ? `es/${path}` : "es", file, { id: path ? `es/${path}` : "es" });
}

export default exactPaths([
  ...PUBLIC_PAGES.map(englishPage),
  ...PUBLIC_PAGES.map(spanishPage),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/orders/dashboard.tsx"),
    route("orders", "routes/admin/orders/orders.tsx"),
    route("orders/:orderId", "routes/admin/orders/order.tsx"),
    route("orders/:orderId/sheet", "routes/admin/orders/order-sheet.tsx"),
    route("orders/:orderId/receipt", "routes/admin/orders/order-receipt.tsx"),
    route("schedule", "routes/admin/scheduling/schedule.tsx"),
    route("storm-days", "routes/admin/scheduling/storm-days.tsx"),
    route("reviews", "routes/admin/storefront/reviews.tsx"),
    route("messages", "routes/admin/requests/messages.tsx"),
    route("messages/:messageId", "routes/admin/requests/message.tsx"),
    route("texts", "routes/admin/requests/texts.tsx"),
    route("texts/:threadId", "routes/admin/requests/text.tsx"),
    route("samples", "routes/admin/requests/samples.tsx"),
    route("estimates", "routes/admin/requests/estimates.tsx"),
    route("estimates/:estimateId", "routes/admin/requests/estimate.tsx"),
    route("catalog", "routes/admin/storefront/catalog.tsx"),
    route("staff", "routes/admin/people/staff.tsx"),
    route("audit", "routes/admin/people/audit.tsx"),
    route("reports", "routes/admin/books/reports.tsx"),
    route("password", "routes/admin/people/password.tsx"),
    route("two-factor", "routes/admin/people/two-factor.tsx"),
    route("security", "routes/admin/people/security.tsx"),
    route("purchase-orders", "routes/admin/purchasing/purchase-orders.tsx"),
    route("purchase-orders/:poId", "routes/admin/purchasing/purchase-order.tsx"),
    route("visits", "routes/admin/scheduling/visits.tsx"),
    route("visits/:visitId", "routes/admin/scheduling/visit.tsx"),
    route("quotes", "routes/admin/sales/quotes.tsx"),
    route("quotes/:quoteId", "routes/admin/sales/quote.tsx"),
    route("settings", "routes/admin/sales/settings.tsx"),
  ]),
  route("sitemap.xml", "routes/storefront/sitemap.ts"),
  route("robots.txt", "routes/storefront/robots.ts"),
  route("pictures/:file", "routes/storefront/picture.ts"),
  // An unknown address under /es is the Spanish 404.
  route("es/*", "routes/storefront/not-found.tsx", { id: "es/not-found" }),
  route("*", "routes/storefront/not-found.tsx"),
] satisfies RouteConfig);
