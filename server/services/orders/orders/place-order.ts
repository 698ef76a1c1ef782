import type { OrderSubmission } from "../../../../domain/orders/checkout-schema";
import { serviceAreaProblem } from "../../../../domain/shared/business";
import { findOrderById, isUniqueViolation } from "../../../db/repositories/orders/orders";
import { findCartOrderId } from "../../../db/repositories/storefront/carts";
import type { Order } from "../../../db/types";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import { isCartSessionId } from "../../storefront/cart-session";
import {
  existingFor,
  type PlaceOrderResult,
  type PublicOrder,
  publicOrder,
  writeOrder,
} from "./shared";

/**
 * Place the order of the cart named by `sessionId`. Idempotent per cart. `clientKey`
 * (the client's address) feeds the rate limit; repeats of a placed order are not counted.
 */
export async function placeOrder(
  deps: ServiceDeps,
  input: {
    sessionId: string | null;
    submission: OrderSubmission;
    clientKey: string;
  },
): Promise<PlaceOrderResult> {
  const { db, catalog, config, logger, emails } = deps;
  const business = config.business;

  const { sessionId, submission } = input;
  // One query: the cart exists, and has it already become an order (a repeat)?
  const cart = isCartSessionId(sessionId) ? await findCartOrderId(db, sessionId) : undefined;
  if (!cart || !sessionId) {
    throw new AppError("conflict", "Your cart is empty. Add an item before placing an order.");
  }
  if (cart.orderId !== null) {
    const placed = await findOrderById(db, cart.orderId);
    if (placed) return { order: await publicOrder(deps, db, placed), created: false };
  }

  const outside = serviceAreaProblem(business, submission.customerInfo.zipCode);
  if (outside) {
    throw new AppError("outside_service_area", outside, {
      fields: { "customerInfo.zipCode": outside },
    });
  }

  // Loaded outside the transaction, which holds SQLite's only connection.
  const ctx = await catalog.pricing();
  let result: { order: Order; view: PublicOrder | null; created: boolean };
  try {
    result = await db
      .transaction()
      .execute((trx) => writeOrder(deps, trx, sessionId, submission, ctx, input.clientKey));
  } catch (error) {
    // A concurrent request for the same cart committed first: return its order.
    if (isUniqueViolation(error)) {
      const first = await existingFor(deps, sessionId);
      if (first) return first;
    }
    throw error;
  }
  if (result.created) {
    logger.info("order placed", {
      orderNumber: result.order.order_number,
      items: result.order.item_count,
      totalCents: result.order.total_cents,
    });
    emails.kick();
  }
  // A new order's view was built in its transaction from the rows it wrote.
  return {
    order: result.view ?? (await publicOrder(deps, db, result.order, ctx)),
    created: result.created,
  };
}
