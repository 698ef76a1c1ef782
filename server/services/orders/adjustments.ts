/**
 * Adjustments after measuring: before `in_production`, an item's width,
 * height or quantity changes; it is re-priced with the rates stored with it when the order was
 * placed, the order's totals are recomputed by spec §9 (discount, shipping and tax may
 * change), old → new goes into the timeline, and the customer is emailed when asked. A refund is
 * owed when the new total is below what was paid: the answer says so. An order made from a
 * quote keeps the quote's discount (after the multiple-blind discount, as the quote counted it)
 * and its deposit stays the quote's percentage of the new total.
 */

import {
  describeOptionChanges,
  repriceWithStoredRates,
  resizeConfiguration,
  settleConfiguration,
} from "../../../domain/orders/item-adjustment";
import { depositCents } from "../../../domain/sales/quote";
import type { ItemAdjustment } from "../../../domain/shared/back-office-schema";
import { formatInches } from "../../../domain/shared/dimensions";
import { ONLINE_ORDER_MAX_CENTS } from "../../../domain/shared/limits";
import { formatMoney } from "../../../domain/shared/money";
import { configuredSize, serializeConfiguration, storedSize } from "../../../domain/shared/schemas";
import { calculateCartTotals } from "../../../domain/storefront/cart-totals";
import type { ItemRates } from "../../../domain/storefront/pricing";
import { now } from "../../db/database";
import {
  findOrderById,
  listOrderItems,
  lockOrderForUpdate,
  type OrderItemRecord,
  orderTaxRates,
  updateOrderItemMeasure,
  updateOrderTotals,
} from "../../db/repositories/orders/orders";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import { findAcceptedQuoteTerms, setOrderSaleTerms } from "../../db/repositories/sales/quotes";
import type { Order } from "../../db/types";
import { orderAdjustedEmail } from "../../email/order-emails";
import { AppError, fieldError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordOrderChange } from "./order-events";

/** An accepted quote's terms that an order made from it keeps. */
type AcceptedQuoteTerms = NonNullable<Awaited<ReturnType<typeof findAcceptedQuoteTerms>>>;

/** Statuses in which the made-to-measure items are not yet being made. */
const ADJUSTABLE = new Set(["pending", "confirmed", "measured"]);

export interface AdjustmentResult {
  summary: string;
  totalBeforeCents: number;
  totalAfterCents: number;
  paidCents: number;
  /** What the store owes back when the new total is below what was paid (0 otherwise). */
  refundOwedCents: number;
}

function sizeWords(width: number, height: number): string {
  return height > 0
    ? `${formatInches(width)} × ${formatInches(height)}`
    : `${formatInches(width)} wide`;
}

function parseRates(text: string | null): ItemRates | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as ItemRates;
  } catch {
    return null;
  }
}

/** What an adjustment would do (nothing saved), in cents. */
export interface AdjustmentPreview {
  unitBeforeCents: number;
  unitAfterCents: number;
  quantity: number;
  lineAfterCents: number;
  totalBeforeCents: number;
  totalAfterCents: number;
  paidCents: number;
  /** Negative: the store owes a refund. */
  balanceAfterCents: number;
  depositBeforeCents: number;
  /** The deposit after it: an order made from a quote keeps the quote's percentage. */
  depositAfterCents: number;
}

export function createAdjustmentService(deps: ServiceDeps) {
  const { db, config, logger, emails } = deps;
  const business = config.business;

  /**
   * The item re-priced at its new size and quantity with its stored rates, and the order's new
   * totals: what `adjustItem` saves and `previewItem` shows. Refusals name their field.
   */
  function planAdjustment(
    order: Order,
    items: readonly OrderItemRecord[],
    itemId: number,
    input: Pick<ItemAdjustment, "width" | "height" | "quantity" | "configuration">,
    quote: AcceptedQuoteTerms | null,
  ) {
    const item = items.find((i) => i.id === itemId);
    if (!item) throw new AppError("not_found", "Item not found on this order.");
    const rates = parseRates(item.pricing);
    if (!rates || !item.config) {
      // Orders placed before the rates were stored keep the price they had.
      throw new AppError(
        "conflict",
        `This item was ordered before prices were stored with orders, so it can't be re-priced here. Cancel it with the customer and place a new order.`,
        { details: { reason: "no_stored_rates" } },
      );
    }
    const before = configuredSize(item.config);
    const size = {
      width: input.width ?? before.width,
      height: item.config.type === "track" ? before.height : (input.height ?? before.height),
    };
    const sized = resizeConfiguration(item.config, size);
    if ("error" in sized) {
      throw fieldError("validation_failed", sized.error.field, sized.error.message);
    }
    const resized = input.configuration
      ? settleConfiguration(sized.config, input.configuration)
      : sized;
    if ("issue" in resized) {
      const { field, message } = resized.issue;
      throw new AppError("validation_failed", message, {
        fields: { [field]: message.slice(message.indexOf(":") + 1).trim() },
      });
    }
    const price = repriceWithStoredRates(rates, resized.config);
    if (!price) {
      throw new AppError("conflict", "This item's stored rates do not fit its configuration.");
    }
    const quantity = input.quantity ?? item.quantity;
    const lines = items.map((i) =>
      i.id === itemId
        ? { unitPriceCents: price.unitCents, quantity }
        : { unitPriceCents: i.unit_price_cents, quantity: i.quantity },
    );
    // Re-taxed with the rates that taxed the order, never today's; an order
    // made from a quote keeps the quote's discount (stored with the multiple-blind one in the
    // order's one discount column, decision 200) and its deposit percentage.
    const totals = calculateCartTotals(
      lines,
      { ...business, ...orderTaxRates(order) },
      { extraDiscountBasisPoints: quote?.discountBasisPoints ?? 0 },
    );
    const depositBefore = Number(order.deposit_cents);
    const depositAfter = quote
      ? depositCents(totals.totalCents, quote.depositPercent)
      : depositBefore;
    return { item, before, size, quantity, resized, price, totals, depositBefore, depositAfter };
  }

  return {
    /**
     * What an adjustment would do, nothing saved: the item's new price, the order's new total
     * and the balance after it (the adjustment form's preview). Same refusals as `adjustItem`.
     */
    async previewItem(
      orderId: number,
      itemId: number,
      input: Pick<ItemAdjustment, "width" | "height" | "quantity">,
    ): Promise<AdjustmentPreview> {
      const order = await findOrderById(db, orderId);
      if (!order) throw new AppError("not_found", "Order not found.");
      const items = await listOrderItems(db, [orderId]);
      const quote = await findAcceptedQuoteTerms(db, orderId);
      const { item, quantity, price, totals, depositBefore, depositAfter } = planAdjustment(
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
    },

    async adjustItem(
      orderId: number,
      itemId: number,
      input: ItemAdjustment,
      actor: Actor,
    ): Promise<AdjustmentResult> {
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
        const {
          item,
          before,
          size,
          quantity,
          resized,
          price,
          totals,
          depositBefore,
          depositAfter,
        } = planAdjustment(order, items, itemId, input, quote);
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
          changes.push(
            `${formatMoney(item.unit_price_cents)} → ${formatMoney(price.unitCents)} each`,
          );
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
    },
  };
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
