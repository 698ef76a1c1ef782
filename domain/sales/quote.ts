/**
 * Quotes the customer accepts online: the
 * statuses, the totals of a quote and the deposit. Pure, integer cents; shared by the builder (live
 * price in the browser), the customer's page, the PDF and the order made on acceptance.
 */

import { untaxedTotals } from "../books/tax-exemption";
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

/** One priced alternative offered for a quote line's window (decision 570). */
export interface QuoteAlternativeLine {
  id: number;
  unitPriceCents: number;
  quantity: number;
}

export interface QuoteLine {
  id: number;
  unitPriceCents: number;
  quantity: number;
  optional: boolean;
  /** The other tiers offered for this window; the line itself counts until one is chosen. */
  alternatives?: readonly QuoteAlternativeLine[];
}

/** A quote's shown items (with their alternatives) as the lines the totals count. */
export function quoteLinesOf(
  items: readonly {
    id: number;
    unitCents: number;
    quantity: number;
    optional: boolean;
    alternatives: readonly { id: number; unitCents: number; quantity: number }[];
  }[],
): QuoteLine[] {
  return items.map((i) => ({
    id: i.id,
    unitPriceCents: i.unitCents,
    quantity: i.quantity,
    optional: i.optional,
    alternatives: i.alternatives.map((a) => ({
      id: a.id,
      unitPriceCents: a.unitCents,
      quantity: a.quantity,
    })),
  }));
}

/** The customer's pick of an alternative in place of the item `itemId`. */
export interface QuoteChoice {
  itemId: number;
  alternativeId: number;
}

export interface QuoteTerms {
  discountPercent: number;
  depositPercent: number;
  /** A tax-exempt sale whose certificate holds today: no tax, and the deposit of that total. */
  taxExempt?: boolean;
}

export interface QuoteTotals extends CartTotals {
  depositCents: number;
}

/** The deposit: depositPercent of the total, rounded half up to the cent. */
export function depositCents(totalCents: number, depositPercent: number): number {
  return roundCents((totalCents * depositPercent) / 100);
}

/**
 * Why a list of choices can't be taken, in words the customer can act on; null when every
 * choice names an item of the quote, one of its own alternatives, and each item once.
 */
export function choiceProblem(
  lines: readonly QuoteLine[],
  choices: readonly QuoteChoice[],
): string | null {
  const seen = new Set<number>();
  for (const choice of choices) {
    const line = lines.find((l) => l.id === choice.itemId);
    if (!line) return `item ${choice.itemId} is not an item of this quote.`;
    if (!line.alternatives?.some((a) => a.id === choice.alternativeId)) {
      return `${choice.alternativeId} is not an alternative offered for item ${choice.itemId}.`;
    }
    if (seen.has(choice.itemId)) return `choose one alternative for item ${choice.itemId}, once.`;
    seen.add(choice.itemId);
  }
  return null;
}

/**
 * The lines as the customer chose them: a chosen alternative's price and quantity in place of
 * its item's (the line keeps the item's id and whether it is optional). Choices that name no
 * alternative of the line are ignored here; `choiceProblem` refuses them at the edges.
 */
export function chooseLines(
  lines: readonly QuoteLine[],
  choices: readonly QuoteChoice[],
): QuoteLine[] {
  return lines.map((line) => {
    const choice = choices.find((c) => c.itemId === line.id);
    const alternative = choice && line.alternatives?.find((a) => a.id === choice.alternativeId);
    return alternative
      ? {
          id: line.id,
          unitPriceCents: alternative.unitPriceCents,
          quantity: alternative.quantity,
          optional: line.optional,
        }
      : line;
  });
}

/**
 * Totals of the required items plus the optional ones in `chosenOptionalIds`, each at the tier
 * in `choices` (its own when none is chosen).
 */
export function calculateQuoteTotals(
  lines: readonly QuoteLine[],
  terms: QuoteTerms,
  rules: CartTotalsRules,
  chosenOptionalIds: readonly number[] = [],
  choices: readonly QuoteChoice[] = [],
): QuoteTotals {
  const chosen = new Set(chosenOptionalIds);
  const counted = chooseLines(lines, choices).filter((l) => !l.optional || chosen.has(l.id));
  const taxed = calculateCartTotals(counted, rules, {
    extraDiscountBasisPoints: Math.round(terms.discountPercent * 100),
  });
  const totals = terms.taxExempt ? untaxedTotals(taxed) : taxed;
  return { ...totals, depositCents: depositCents(totals.totalCents, terms.depositPercent) };
}

/** "Good", "Better", "Best" for a window's tiers in the order offered (1 = the item itself). */
export function tierLabel(tier: number, tiers: number): string {
  const words = tiers <= 2 ? ["Good", "Better"] : ["Good", "Better", "Best"];
  return words[tier - 1] ?? `Option ${tier}`;
}

/** A quote holds through the end of `validUntil` (store date). */
export function isQuoteExpired(validUntil: string, today: string): boolean {
  return today > validUntil;
}
