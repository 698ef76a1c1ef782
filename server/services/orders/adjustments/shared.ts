import {
  repriceWithStoredRates,
  resizeConfiguration,
  settleConfiguration,
} from "../../../../domain/orders/item-adjustment";
import { depositCents } from "../../../../domain/sales/quote";
import type { ItemAdjustment } from "../../../../domain/shared/back-office-schema";
import { formatInches } from "../../../../domain/shared/dimensions";
import { configuredSize } from "../../../../domain/shared/schemas";
import { calculateCartTotals } from "../../../../domain/storefront/cart-totals";
import type { ItemRates } from "../../../../domain/storefront/pricing";
import { type OrderItemRecord, orderTaxRates } from "../../../db/repositories/orders/orders";
import type { findAcceptedQuoteTerms } from "../../../db/repositories/sales/quotes";
import type { Order } from "../../../db/types";
import { AppError, fieldError } from "../../../errors";
import type { ServiceDeps } from "../../deps";

/** An accepted quote's terms that an order made from it keeps. */
export type AcceptedQuoteTerms = NonNullable<Awaited<ReturnType<typeof findAcceptedQuoteTerms>>>;

/** Statuses in which the made-to-measure items are not yet being made. */
export const ADJUSTABLE = new Set(["pending", "confirmed", "measured"]);

export interface AdjustmentResult {
  summary: string;
  totalBeforeCents: number;
  totalAfterCents: number;
  paidCents: number;
  /** What the store owes back when the new total is below what was paid (0 otherwise). */
  refundOwedCents: number;
}

export function sizeWords(width: number, height: number): string {
  return height > 0
    ? `${formatInches(width)} × ${formatInches(height)}`
    : `${formatInches(width)} wide`;
}

export function parseRates(text: string | null): ItemRates | null {
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

/**
 * The item re-priced at its new size and quantity with its stored rates, and the order's new
 * totals: what `adjustItem` saves and `previewItem` shows. Refusals name their field.
 */
export function planAdjustment(
  deps: ServiceDeps,
  order: Order,
  items: readonly OrderItemRecord[],
  itemId: number,
  input: Pick<ItemAdjustment, "width" | "height" | "quantity" | "configuration">,
  quote: AcceptedQuoteTerms | null,
) {
  const { config } = deps;
  const business = config.business;

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
