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

export default exactPaths([
  index("routes/storefront/home.tsx"),
  route("product/:productType", "routes/storefront/product.tsx"),
  route("track-replacement", "routes/storefront/track-replacement.tsx"),
  route("zebra-shades", "routes/storefront/zebra-shades.tsx"),
  route("cart", "routes/storefront/cart.tsx"),
  route("projects/:token", "routes/storefront/project.tsx"),
  route("checkout", "routes/orders/checkout.tsx"),
  route("order-confirmation", "routes/orders/order-confirmation.tsx"),
  route("orders/:reference", "routes/orders/order-status.tsx"),
  route("orders/:reference/receipt", "routes/orders/order-receipt.tsx"),
  route("account", "routes/account/account.tsx"),
  route("account/verify", "routes/account/verify.ts"),
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
    route("suppliers/:supplierId", "routes/admin/purchasing/supplier.tsx"),
    route("visits", "routes/admin/scheduling/visits.tsx"),
    route("visits/:visitId", "routes/admin/scheduling/visit.tsx"),
    route("quotes", "routes/admin/sales/quotes.tsx"),
    route("quotes/:quoteId", "routes/admin/sales/quote.tsx"),
    route("settings", "routes/admin/sales/settings.tsx"),
  ]),
  route("quotes/:token", "routes/sales/quote.tsx"),
  route("contact", "routes/requests/contact.tsx"),
  route("samples", "routes/requests/samples.tsx"),
  route("estimate", "routes/requests/estimate.tsx"),
  route("book", "routes/scheduling/book.tsx"),
  route("bookings/:reference", "routes/scheduling/booking.tsx"),
  route("faq", "routes/storefront/faq.tsx"),
  route("search", "routes/storefront/search.tsx"),
  route("maintenance-tips", "routes/storefront/maintenance-tips.tsx"),
  route("returns", "routes/storefront/returns.tsx"),
  route("warranty", "routes/storefront/warranty.tsx"),
  route("sitemap.xml", "routes/storefront/sitemap.ts"),
  route("robots.txt", "routes/storefront/robots.ts"),
  route("pictures/:file", "routes/storefront/picture.ts"),
  route("*", "routes/storefront/not-found.tsx"),
] satisfies RouteConfig);
