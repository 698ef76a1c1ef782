/**
 * What holds an order back from production: the deposit not yet paid, or the buyer's right to cancel still running. One rule for the
 * status change to `in_production` and for purchase orders. Pure: `today` is the store's date.
 */
import { formatMoney } from "../shared/money";

export interface ProductionHoldInput {
  depositCents: number;
  paidCents: number;
  /** Last day (YYYY-MM-DD, store time) of the right to cancel, through its end; null: none. */
  cancelUntil: string | null;
}

export type ProductionHold =
  | { reason: "deposit_due"; depositDueCents: number; message: string }
  | { reason: "cancellation_period"; cancelUntil: string; message: string };

export function productionHold(order: ProductionHoldInput, today: string): ProductionHold | null {
  const depositDue = order.depositCents - order.paidCents;
  if (depositDue > 0) {
    return {
      reason: "deposit_due",
      depositDueCents: depositDue,
      message: `The deposit is not paid yet: ${formatMoney(depositDue)} is due before the order goes into production.`,
    };
  }
  if (order.cancelUntil !== null && today <= order.cancelUntil) {
    return {
      reason: "cancellation_period",
      cancelUntil: order.cancelUntil,
      message: `The customer may cancel through ${order.cancelUntil}; the order can go into production from the day after.`,
    };
  }
  return null;
}
