/**
 * Quotes the customer accepts online: the
 * statuses, the totals of a quote and the deposit. Pure, integer cents; shared by the builder (live
 * price in the browser), the customer's page, the PDF and the order made on acceptance.
 */

import { roundCents } from "../shared/money";
import { oneOf } from "../shared/one-of";
import {
  type CartTotals,
  type CartTotalsRules,
  calculateCartTotals,
} from "../storefront/cart-totals";

export const QUOTE_STATUSES = [
  "draft",
  "sent",
  "viewed",
  "accepted",
  "declined",
  "expired",
  "cancelled",
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  viewed: "Viewed",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  cancelled: "Cancelled",
};

/** Statuses in which the office may still change the quote. */
export const EDITABLE_QUOTE_STATUSES: readonly QuoteStatus[] = ["draft", "sent", "viewed"];
/** Statuses in which the customer may still answer. */
export const OPEN_QUOTE_STATUSES: readonly QuoteStatus[] = ["sent", "viewed"];

export function isQuoteStatus(value: unknown): value is QuoteStatus {
  return oneOf(QUOTE_STATUSES, value);
}

/** "Q-1001" */
export function quoteLabel(quoteNumber: number): string {
  return `Q-${quoteNumber}`;
}

export interface QuoteLine {
  id: number;
  unitPriceCents: number;
  quantity: number;
  optional: boolean;
}

export interface QuoteTerms {
  discountPercent: number;
  depositPercent: number;
}

export interface QuoteTotals extends CartTotals {
  depositCents: number;
}

/** The deposit: depositPercent of the total, rounded half up to the cent. */
export function depositCents(totalCents: number, depositPercent: number): number {
  return roundCents((totalCents * depositPercent) / 100);
}

/** Totals of the required items plus the optional ones in `chosenOptionalIds`. */
export function calculateQuoteTotals(
  lines: readonly QuoteLine[],
  terms: QuoteTerms,
  rules: CartTotalsRules,
  chosenOptionalIds: readonly number[] = [],
): QuoteTotals {
  const chosen = new Set(chosenOptionalIds);
  const counted = lines.filter((l) => !l.optional || chosen.has(l.id));
  const totals = calculateCartTotals(counted, rules, {
    extraDiscountBasisPoints: Math.round(terms.discountPercent * 100),
  });
  return { ...totals, depositCents: depositCents(totals.totalCents, terms.depositPercent) };
}

/** A quote holds through the end of `validUntil` (store date). */
export function isQuoteExpired(validUntil: string, today: string): boolean {
  return today > validUntil;
}
