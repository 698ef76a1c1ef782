/**
 * Order use cases. Placing an order is one transaction that
 * locks the cart, reads and reprices it with the catalog's pricing context, checks the online
 * limit, compares the shopper's totals, writes the order (with the next order number), its item
 * snapshots (with the rates that priced them), its first history entry and both emails
 * (outbox), and empties the cart. The cart lock makes a repeat or a concurrent duplicate wait
 * for the first and return its order; orders.cart_id is unique as a last guard.
 */
import { type ServiceDeps, withDeps } from "../deps";
import { findPublicOrder } from "./orders/find-public-order";
import { placeOrder } from "./orders/place-order";
import { resetOrderRateLimit } from "./orders/reset-rate-limit";

export {
  isOrderReference,
  newOrderReference,
  orderFulfilment,
  type PlaceOrderResult,
  type PublicOrder,
  type PublicOrderItem,
} from "./orders/shared";

export function createOrderService(deps: ServiceDeps) {
  return {
    placeOrder: withDeps(deps, placeOrder),
    findPublicOrder: withDeps(deps, findPublicOrder),
    resetRateLimit: withDeps(deps, resetOrderRateLimit),
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
