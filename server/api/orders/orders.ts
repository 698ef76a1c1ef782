/**
 * POST /api/orders: builds the order from the server's cart, named by x-session-id
 * or the cart cookie. 201 with the new order; 200 with the same order on a repeat.
 */
import { Hono } from "hono";
import { orderSubmissionSchema } from "../../../domain/orders/checkout-schema";
import type { AppServices } from "../../context";
import { clientAddress } from "../../middleware/rate-limit";
import { cartSessionOf } from "../../sessions";
import { readJson } from "../validation";
import { orderToJson } from "./orders-presenter";

export function ordersRoutes(services: AppServices) {
  const routes = new Hono();

  routes.post("/orders", async (c) => {
    const submission = await readJson(c, orderSubmissionSchema);
    const { order, created } = await services.orders.placeOrder({
      sessionId: cartSessionOf(c.req.raw),
      submission,
      clientKey: clientAddress(c, services.config.trustProxy),
    });
    c.header("Cache-Control", "no-store");
    return c.json(orderToJson(order), created ? 201 : 200);
  });

  return routes;
}
