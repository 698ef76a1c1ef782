/**
 * Cart math of spec §9 / the product rules "Cart and orders", one pure function used by the cart
 * page, the checkout page, POST /api/orders and the order emails. Integer cents throughout.
 */

import { calculateSalesTax, type SalesTax, type SalesTaxRates } from "../orders/sales-tax";
import type { BusinessFacts } from "../shared/business";
import { amountToCents, applyBasisPoints, centsToAmount } from "../shared/money";

export type CartTotalsRules = Pick<
  BusinessFacts,
  | "salesTaxBasisPoints"
  | "surtaxBasisPoints"
  | "freeShippingOverCents"
  | "shippingCents"
  | "multipleBlindDiscountBasisPoints"
>;

export interface CartLine {
  /** Price of one piece, in cents. */
  unitPriceCents: number;
  quantity: number;
}

export interface CartTotals {
  subtotalCents: number;
  /** The 'Multiple Blind Discount' (a positive number of cents taken off). */
  discountCents: number;
  /** A quote's extra discount, taken after the multiple-blind discount (0 in a cart). */
  extraDiscountCents: number;
  discountedSubtotalCents: number;
  shippingCents: number;
  taxCents: number;
  /** The rates that made taxCents and its surtax part (orders store them: decision 230). */
  taxDetail: SalesTaxRates & SalesTax;
  totalCents: number;
  /** Rows in the cart. */
  itemCount: number;
  /** Pieces across all rows; the discount applies when this exceeds 1. */
  totalQuantity: number;
  /** How much more (discounted subtotal) would make shipping free; 0 when it already is. */
  freeShippingRemainingCents: number;
}

/** The amounts an order keeps and shows (its row, its page, its emails). */
export type OrderAmounts = Pick<
  CartTotals,
  "subtotalCents" | "discountCents" | "shippingCents" | "taxCents" | "totalCents"
>;

export function lineTotalCents(line: CartLine): number {
  return line.unitPriceCents * line.quantity;
}

/** A quote's extra discount: after the multiple-blind discount. */
export interface ExtraDiscount {
  extraDiscountBasisPoints?: number;
}

export function calculateCartTotals(
  lines: readonly CartLine[],
  rules: CartTotalsRules,
  extra: ExtraDiscount = {},
): CartTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
  const totalQuantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  const discountCents =
    totalQuantity > 1 ? applyBasisPoints(subtotalCents, rules.multipleBlindDiscountBasisPoints) : 0;
  const extraDiscountCents = applyBasisPoints(
    subtotalCents - discountCents,
    extra.extraDiscountBasisPoints ?? 0,
  );
  const discountedSubtotalCents = subtotalCents - discountCents - extraDiscountCents;
  // An empty cart ships nothing, so it costs nothing.
  const freeShipping = lines.length === 0 || discountedSubtotalCents > rules.freeShippingOverCents;
  const shippingCents = freeShipping ? 0 : rules.shippingCents;
  const rates: SalesTaxRates = {
    salesTaxBasisPoints: rules.salesTaxBasisPoints,
    surtaxBasisPoints: rules.surtaxBasisPoints,
  };
  const tax = calculateSalesTax(lines, subtotalCents, discountedSubtotalCents, rates);
  const taxCents = tax.taxCents;
  return {
    subtotalCents,
    discountCents,
    extraDiscountCents,
    discountedSubtotalCents,
    shippingCents,
    taxCents,
    taxDetail: { ...rates, ...tax },
    totalCents: discountedSubtotalCents + shippingCents + taxCents,
    itemCount: lines.length,
    totalQuantity,
    freeShippingRemainingCents: freeShipping
      ? 0
      : rules.freeShippingOverCents - discountedSubtotalCents + 1,
  };
}

/** spec §3's order totals on the wire: 2-decimal numbers. */
export interface WireTotals {
  subtotal: number;
  multipleBlindDiscount: number;
  shipping: number;
  tax: number;
  total: number;
}

export function totalsToWire(totals: CartTotals): WireTotals {
  return {
    subtotal: centsToAmount(totals.subtotalCents),
    multipleBlindDiscount: centsToAmount(totals.discountCents),
    shipping: centsToAmount(totals.shippingCents),
    tax: centsToAmount(totals.taxCents),
    total: centsToAmount(totals.totalCents),
  };
}

/**
 * True when a client's totals equal the server's to the cent. The discount is compared by
 * magnitude: a client may send it as -12.34 or 12.34.
 */
export function wireTotalsMatch(
  client: Record<keyof WireTotals, number | string>,
  server: CartTotals,
): boolean {
  const cents = (v: number | string) => amountToCents(v);
  return (
    cents(client.subtotal) === server.subtotalCents &&
    Math.abs(cents(client.multipleBlindDiscount)) === server.discountCents &&
    cents(client.shipping) === server.shippingCents &&
    cents(client.tax) === server.taxCents &&
    cents(client.total) === server.totalCents
  );
}
