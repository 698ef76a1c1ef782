/**
 * /api/cart: GET, POST, PUT/DELETE /{itemId}, DELETE. Every answer carries the
 * session id and refreshes the cart cookie, so the browser's x-session-id and the cookie that
 * server-rendered pages read always name the same cart.
 */
import { type Context, Hono } from "hono";
import { cartAddSchema, cartQuantityUpdateSchema } from "../../../domain/storefront/cart-schema";
import type { AppServices } from "../../context";
import { clientAddress } from "../../middleware/rate-limit";
import { isSecureRequest } from "../../middleware/security";
import type { CartView } from "../../services/storefront/cart";
import { cartSessionCookie, cartSessionOf } from "../../sessions";
import { idParam, readJson } from "../validation";
import { cartToJson } from "./cart-presenter";

export function cartRoutes(services: AppServices) {
  const routes = new Hono();
  const { cart } = services;

  function answer(c: Context, view: CartView, status: 200 | 201 = 200) {
    const secure = isSecureRequest(c.req.raw, services.config.trustProxy);
    c.header("Set-Cookie", cartSessionCookie(view.sessionId, secure));
    c.header("Cache-Control", "no-store");
    return c.json(cartToJson(view), status);
  }

  const session = (c: Context) => cartSessionOf(c.req.raw);

  routes.get("/cart", async (c) => answer(c, await cart.getOrNew(session(c))));

  routes.post("/cart", async (c) => {
    const { language, ...input } = await readJson(c, cartAddSchema);
    const client = clientAddress(c, services.config.trustProxy);
    return answer(c, await cart.addItem(session(c), input, client, language), 201);
  });

  routes.put("/cart/:itemId", async (c) => {
    const itemId = idParam(c, "itemId", "Cart item");
    const { quantity } = await readJson(c, cartQuantityUpdateSchema);
    return answer(c, await cart.updateQuantity(session(c), itemId, quantity));
  });

  routes.delete("/cart/:itemId", async (c) => {
    const itemId = idParam(c, "itemId", "Cart item");
    return answer(c, await cart.removeItem(session(c), itemId));
  });

  routes.delete("/cart", async (c) => answer(c, await cart.clear(session(c))));

  // The header badge, asked for by the browser after hydration (pages are cached for every
  // visitor, so the count is never in their HTML). Reads only: no cart is created, no cookie.
  routes.get("/cart/count", async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json({ count: await cart.countItems(cartSessionOf(c.req.raw)) });
  });

  return routes;
}
