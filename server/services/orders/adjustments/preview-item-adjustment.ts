import type { ItemAdjustment } from "../../../../domain/shared/back-office-schema";
import { findOrderById, listOrderItems } from "../../../db/repositories/orders/orders";
import { findAcceptedQuoteTerms } from "../../../db/repositories/sales/quotes";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import { type AdjustmentPreview, planAdjustment } from "./shared";

/**
 * What an adjustment would do, nothing saved: the item's new price, the order's new total
 * and the balance after it (the adjustment form's preview). Same refusals as `adjustItem`.
 */
export async function previewItemAdjustment(
  deps: ServiceDeps,
  orderId: number,
  itemId: number,
  input: Pick<ItemAdjustment, "width" | "height" | "quantity">,
): Promise<AdjustmentPreview> {
  const { db } = deps;

  const order = await findOrderById(db, orderId);
  if (!order) throw new AppError("not_found", "Order not found.");
  const items = await listOrderItems(db, [orderId]);
  const quote = await findAcceptedQuoteTerms(db, orderId);
  const { item, quantity, price, totals, depositBefore, depositAfter } = planAdjustment(
    deps,
    order,
    items,
    itemId,
    input,
    quote,
  );
  return {
    unitBeforeCents: item.unit_price_cents,
    unitAfterCents: price.unitCents,
    quantity,
    lineAfterCents: price.unitCents * quantity,
    totalBeforeCents: order.total_cents,
    totalAfterCents: totals.totalCents,
    paidCents: order.paid_cents,
    balanceAfterCents: totals.totalCents - order.paid_cents,
    depositBeforeCents: depositBefore,
    depositAfterCents: depositAfter,
  };
}
