/** The explicit route table of SPEC.md §2 (plus the private order-status page and admin). */
import { index, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";

/**
 * Paths are matched exactly (decision 198): /CART or /Orders/REF is not the cart or an order's
 * page but the 404, like any unknown path. Every route, nested ones included, is case-sensitive.
 */
function exactPaths(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.map((entry) => ({
    ...entry,
    caseSensitive: true,
    ...(entry.children ? { children: exactPaths(entry.children) } : {}),
  }));
}

export default exactPaths([
  index("routes/home.tsx"),
  route("product/:productType", "routes/product.tsx"),
  route("track-replacement", "routes/track-replacement.tsx"),
  route("zebra-shades", "routes/zebra-shades.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("order-confirmation", "routes/order-confirmation.tsx"),
  route("orders/:reference", "routes/order-status.tsx"),
  route("account", "routes/account.tsx"),
  route("account/verify", "routes/account.verify.ts"),
  route("admin", "routes/admin.tsx", [
    index("routes/admin.dashboard.tsx"),
    route("orders", "routes/admin.orders.tsx"),
    route("orders/:orderId", "routes/admin.order.tsx"),
    route("orders/:orderId/sheet", "routes/admin.order-sheet.tsx"),
    route("orders/:orderId/receipt", "routes/admin.order-receipt.tsx"),
    route("schedule", "routes/admin.schedule.tsx"),
    route("reviews", "routes/admin.reviews.tsx"),
    route("messages", "routes/admin.messages.tsx"),
    route("messages/:messageId", "routes/admin.message.tsx"),
    route("samples", "routes/admin.samples.tsx"),
    route("estimates", "routes/admin.estimates.tsx"),
    route("estimates/:estimateId", "routes/admin.estimate.tsx"),
    route("catalog", "routes/admin.catalog.tsx"),
    route("staff", "routes/admin.staff.tsx"),
    route("audit", "routes/admin.audit.tsx"),
    route("reports", "routes/admin.reports.tsx"),
    route("password", "routes/admin.password.tsx"),
    route("two-factor", "routes/admin.two-factor.tsx"),
    route("security", "routes/admin.security.tsx"),
    route("purchase-orders", "routes/admin.purchase-orders.tsx"),
    route("purchase-orders/:poId", "routes/admin.purchase-order.tsx"),
    route("visits", "routes/admin.visits.tsx"),
    route("visits/:visitId", "routes/admin.visit.tsx"),
    route("quotes", "routes/admin.quotes.tsx"),
    route("quotes/:quoteId", "routes/admin.quote.tsx"),
    route("settings", "routes/admin.settings.tsx"),
  ]),
  route("quotes/:token", "routes/quote.tsx"),
  route("contact", "routes/contact.tsx"),
  route("samples", "routes/samples.tsx"),
  route("estimate", "routes/estimate.tsx"),
  route("book", "routes/book.tsx"),
  route("bookings/:reference", "routes/booking.tsx"),
  route("faq", "routes/faq.tsx"),
  route("search", "routes/search.tsx"),
  route("maintenance-tips", "routes/maintenance-tips.tsx"),
  route("returns", "routes/returns.tsx"),
  route("warranty", "routes/warranty.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("pictures/:file", "routes/picture.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig);
