/**
 * The store's promises in one voice: every page and email that mentions shipping,
 * payment or the warranty takes its words from here, built from the business facts and, where it
 * depends on the order, from its fulfilment (domain/fulfilment.ts). So the home page never says
 * "Free Shipping" while a small cart pays for it, and a cart with no installation never says
 * "pay at installation".
 */

import type { Fulfilment } from "../orders/fulfilment";
import type { BusinessFacts } from "./business";
import { formatMoney } from "./money";

type ShippingFacts = Pick<BusinessFacts, "freeShippingOverCents" | "shippingCents">;

/** "Free shipping on orders over $200.00" (the rule is "more than"). */
export function freeShippingLine(b: ShippingFacts): string {
  return `Free shipping on orders over ${formatMoney(b.freeShippingOverCents)}`;
}

/** The rule in full, for the FAQ-like places: "…; $25.00 otherwise". */
export function shippingRule(b: ShippingFacts): string {
  return `${freeShippingLine(b)}; ${formatMoney(b.shippingCents)} otherwise`;
}

/**
 * "2- to 25-year warranty on everything we sell": the floor every product carries and the
 * longest one (shutters), so the badge stays true beside the 5-year vinyl and 25-year shutter
 * warranties the product pages and the warranty page name.
 */
export function warrantyBadge(b: Pick<BusinessFacts, "warranty">): string {
  const w = b.warranty;
  const floor = w.materialsAndWorkmanshipYears;
  const longest = Math.max(floor, w.vinylYears, w.shuttersYears);
  return longest > floor
    ? `${floor}- to ${longest}-year warranty on everything we sell`
    : `${floor}-year warranty on everything we sell`;
}

/** When the customer pays, matching the order: installed → at installation; DIY → on delivery. */
export function paymentLine(fulfilment: Fulfilment): string {
  return fulfilment === "installed"
    ? "No payment today: you pay at installation."
    : "No payment today: you pay on delivery.";
}

/** The same before there is an order (home page, product pages). */
export const PAYMENT_BEFORE_ORDER = "Nothing to pay until installation or delivery day";
