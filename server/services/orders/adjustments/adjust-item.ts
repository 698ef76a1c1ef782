import { describeOptionChanges } from "../../../../domain/orders/item-adjustment";
import type { ItemAdjustment } from "../../../../domain/shared/back-office-schema";
import { ONLINE_ORDER_MAX_CENTS } from "../../../../domain/shared/limits";
import { formatMoney } from "../../../../domain/shared/money";
import { serializeConfiguration, storedSize } from "../../../../domain/shared/schemas";
import { now } from "../../../db/database";
import {
  listOrderItems,
  lockOrderForUpdate,
  updateOrderItemMeasure,
  updateOrderTotals,
} from "../../../db/repositories/orders/orders";
import { enqueueEmail } from "../../../db/repositories/platform/email-outbox";
import { findAcceptedQuoteTerms, setOrderSaleTerms } from "../../../db/repositories/sales/quotes";
import { orderAdjustedEmail } from "../../../email/order-emails";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../../people/actor";
import { recordOrderChange } from "../order-events";
import { ADJUSTABLE, type AdjustmentResult, planAdjustment, sizeWords } from "./shared";

export async function adjustItem(
  deps: ServiceDeps,
  orderId: number,
  itemId: number,
  input: ItemAdjustment,
  actor: Actor,
): Promise<AdjustmentResult> {
  const { db, config, logger, emails } = deps;
  const business = config.business;

  const at = now();
  const result = await db.transaction().execute(async (trx) => {
    // The order's row lock: a status change to in_production, a payment or
    // an adjustment of another item of this order waits; the status and every item's
    // price are read after it, so the totals add up whatever ran before.
    const order = await lockOrderForUpdate(trx, orderId);
    if (!order) throw new AppError("not_found", "Order not found.");
    if (!ADJUSTABLE.has(order.status)) {
      throw new AppError(
        "conflict",
        `Order #${order.order_number} is already in production (or later); its items can no longer be adjusted.`,
        { details: { reason: "in_production" } },
      );
    }
    const items = await listOrderItems(trx, [orderId]);
    const quote = await findAcceptedQuoteTerms(trx, orderId);
    const { item, before, size, quantity, resized, price, totals, depositBefore, depositAfter } =
      planAdjustment(deps, order, items, itemId, input, quote);
    // The size columns are the item's one size: its configuration keeps
    // the options, untouched by a new size.
    await updateOrderItemMeasure(trx, itemId, {
      ...storedSize(resized.config),
      configuration: input.configuration ? serializeConfiguration(resized.config) : undefined,
      quantity,
      unitPriceCents: price.unitCents,
      installationCents: price.installationCents,
      lineTotalCents: price.unitCents * quantity,
    });
    await updateOrderTotals(
      trx,
      orderId,
      { ...totals, discountCents: totals.discountCents + totals.extraDiscountCents },
      at,
    );
    if (depositAfter !== depositBefore) {
      await setOrderSaleTerms(trx, orderId, {
        depositCents: depositAfter,
        cancelUntil: order.cancel_until,
      });
    }
    const depositWords =
      depositAfter !== depositBefore
        ? `; deposit ${formatMoney(depositBefore)} → ${formatMoney(depositAfter)}`
        : "";
    const changes: string[] = [];
    if (size.width !== before.width || size.height !== before.height) {
      changes.push(
        `${sizeWords(before.width, before.height)} → ${sizeWords(size.width, size.height)}`,
      );
    }
    if (quantity !== item.quantity) changes.push(`quantity ${item.quantity} → ${quantity}`);
    const optionChanges = item.config ? describeOptionChanges(item.config, resized.config) : [];
    changes.push(...optionChanges);
    if (price.unitCents !== item.unit_price_cents) {
      changes.push(`${formatMoney(item.unit_price_cents)} → ${formatMoney(price.unitCents)} each`);
    }
    // Staff may take an order past the online limit (a customer can't order that much on
    // the site); the history says so.
    const overLimit =
      totals.totalCents > ONLINE_ORDER_MAX_CENTS
        ? `; the new total is above the ${formatMoney(ONLINE_ORDER_MAX_CENTS)} online-order limit (allowed for staff)`
        : "";
    const summary = `${item.name}${item.room_label ? ` (${item.room_label})` : ""}: ${changes.join(", ") || "no change"}`;
    const paid = order.paid_cents;
    const adjusted: AdjustmentResult = {
      summary,
      totalBeforeCents: order.total_cents,
      totalAfterCents: totals.totalCents,
      paidCents: paid,
      refundOwedCents: Math.max(0, paid - totals.totalCents),
    };
    // The reason is free text and may name the customer: it stays in the order's history.
    await recordOrderChange(trx, actor, at, {
      orderId,
      kind: "adjustment",
      summary: `Adjusted after measuring: ${summary}; total ${formatMoney(order.total_cents)} → ${formatMoney(totals.totalCents)}${depositWords}${overLimit}. Reason: ${input.reason}`,
      details: {
        itemId,
        reason: input.reason,
        ...(optionChanges.length ? { optionChanges } : {}),
        before: {
          width: before.width,
          height: before.height,
          quantity: item.quantity,
          unitCents: item.unit_price_cents,
          totalCents: order.total_cents,
          depositCents: depositBefore,
        },
        after: {
          width: size.width,
          height: size.height,
          quantity,
          unitCents: price.unitCents,
          totalCents: totals.totalCents,
          depositCents: depositAfter,
        },
        ...(overLimit ? { aboveOnlineLimit: true } : {}),
      },
      audit: {
        kind: "adjustment",
        summary: `Order #${order.order_number}: item adjusted after measuring: ${item.name}: ${changes.join(", ") || "no change"}; total ${formatMoney(order.total_cents)} → ${formatMoney(totals.totalCents)}${overLimit}`,
        details: {
          before: {
            itemId,
            width: before.width,
            height: before.height,
            quantity: item.quantity,
            totalCents: order.total_cents,
          },
          after: {
            itemId,
            width: size.width,
            height: size.height,
            quantity,
            totalCents: totals.totalCents,
          },
        },
      },
    });
    if (input.notifyCustomer)
      await enqueueEmail(
        trx,
        orderAdjustedEmail({ business, publicUrl: config.publicUrl }, order, summary, adjusted),
      );
    return adjusted;
  });
  logger.info("order item adjusted", { orderId, itemId, emailed: input.notifyCustomer });
  if (input.notifyCustomer) emails.kick();
  return result;
}
