/** The explicit route table of SPEC.md §2 (plus the private order-status page and admin). */
import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("product/:productType", "routes/product.tsx"),
  route("track-replacement", "routes/track-replacement.tsx"),
  route("zebra-shades", "routes/zebra-shades.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("order-confirmation", "routes/order-confirmation.tsx"),
  route("orders/:reference", "routes/order-status.tsx"),
  route("admin", "routes/admin.tsx", [
    index("routes/admin.orders.tsx"),
    route("orders/:orderId", "routes/admin.order.tsx"),
    route("orders/:orderId/sheet", "routes/admin.order-sheet.tsx"),
    route("reviews", "routes/admin.reviews.tsx"),
    route("messages", "routes/admin.messages.tsx"),
    route("messages/:messageId", "routes/admin.message.tsx"),
  ]),
  route("contact", "routes/contact.tsx"),
  route("faq", "routes/faq.tsx"),
  route("maintenance-tips", "routes/maintenance-tips.tsx"),
  route("returns", "routes/returns.tsx"),
  route("warranty", "routes/warranty.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
