/**
 * What a job earned (DECISIONS "Profit per job"): revenue is the order's total less its tax;
 * the margin is revenue less the product cost (purchase-order lines, remakes the store pays),
 * the installers' time at their hourly cost and the commission of the staff member who built
 * the quote. Cents inside; every rounding goes through roundCents.
 */
import { applyBasisPoints, roundCents } from "../shared/money";

export interface CostLine {
  /** What one piece cost; null: no cost entered and none in the supplier's grid. */
  unitCostCents: number | null;
  quantity: number;
  isRemake: boolean;
  /** Who pays a remake: only the store's count as the order's cost. */
  remakePaidBy?: "store" | "supplier" | null;
}

/** The cost of a purchase-order line: unitCost × quantity, null when the cost is unknown. */
export function lineCostCents(line: Pick<CostLine, "unitCostCents" | "quantity">): number | null {
  return line.unitCostCents === null ? null : line.unitCostCents * line.quantity;
}

/** Σ the lines' costs: the first orders and the remakes paid by the store; unknown costs count 0. */
export function productCostCents(lines: readonly CostLine[]): {
  cents: number;
  linesWithoutCost: number;
} {
  let cents = 0;
  let linesWithoutCost = 0;
  for (const line of lines) {
    if (line.isRemake && line.remakePaidBy !== "store") continue;
    const cost = lineCostCents(line);
    if (cost === null) linesWithoutCost++;
    else cents += cost;
  }
  return { cents, linesWithoutCost };
}

export interface VisitTime {
  /** ISO instants; the time runs from "on my way" (else the arrival) to done. */
  onMyWayAt: string | null;
  arrivedAt: string | null;
  doneAt: string | null;
  hourlyCostCents: number;
}

/** Whole minutes on a visit (rounded half up); 0 without a start or an end, or out of order. */
export function visitMinutes(visit: Omit<VisitTime, "hourlyCostCents">): number {
  const start = visit.onMyWayAt ?? visit.arrivedAt;
  if (start === null || visit.doneAt === null) return 0;
  const ms = Date.parse(visit.doneAt) - Date.parse(start);
  return Number.isFinite(ms) && ms > 0 ? roundCents(ms / 60_000) : 0;
}

/** The labor of one visit: its minutes at the installer's hourly cost. */
export function visitLaborCents(visit: VisitTime): number {
  return roundCents((visitMinutes(visit) * visit.hourlyCostCents) / 60);
}

export interface CommissionTerms {
  revenueCents: number;
  /** The quote builder's commission percent in basis points (5 % = 500); 0 without a quote. */
  commissionBasisPoints: number;
  paidInFull: boolean;
  /** The order's last day to cancel (store date) or null; earned only once it has passed. */
  cancelUntil: string | null;
  /** Today, store time (YYYY-MM-DD). */
  today: string;
}

/** The commission, earned when the order is paid in full and its right to cancel has passed. */
export function commissionCents(terms: CommissionTerms): number {
  const cancelPassed = terms.cancelUntil === null || terms.cancelUntil < terms.today;
  if (!terms.paidInFull || !cancelPassed) return 0;
  return applyBasisPoints(terms.revenueCents, terms.commissionBasisPoints);
}

export interface MarginFigures {
  revenueCents: number;
  productCostCents: number;
  laborCents: number;
  commissionCents: number;
  marginCents: number;
}

export interface OrderCosts {
  totalCents: number;
  taxCents: number;
  paidCents: number;
  cancelUntil: string | null;
  lines: readonly CostLine[];
  visits: readonly VisitTime[];
  commissionBasisPoints: number;
  today: string;
}

/** One order's margin: revenue = total − tax; margin = revenue − product cost − labor − commission. */
export function orderMargin(order: OrderCosts): MarginFigures & { linesWithoutCost: number } {
  const revenueCents = order.totalCents - order.taxCents;
  const product = productCostCents(order.lines);
  const laborCents = order.visits.reduce((sum, v) => sum + visitLaborCents(v), 0);
  const commission = commissionCents({
    revenueCents,
    commissionBasisPoints: order.commissionBasisPoints,
    paidInFull: order.paidCents >= order.totalCents,
    cancelUntil: order.cancelUntil,
    today: order.today,
  });
  return {
    revenueCents,
    productCostCents: product.cents,
    laborCents,
    commissionCents: commission,
    marginCents: revenueCents - product.cents - laborCents - commission,
    linesWithoutCost: product.linesWithoutCost,
  };
}

/** The totals are the rows' sums. */
export function sumMargins(rows: readonly MarginFigures[]): MarginFigures {
  const total: MarginFigures = {
    revenueCents: 0,
    productCostCents: 0,
    laborCents: 0,
    commissionCents: 0,
    marginCents: 0,
  };
  for (const r of rows) {
    total.revenueCents += r.revenueCents;
    total.productCostCents += r.productCostCents;
    total.laborCents += r.laborCents;
    total.commissionCents += r.commissionCents;
    total.marginCents += r.marginCents;
  }
  return total;
}

/** A percent with up to two decimals (5, 2.5, 12.25) → basis points. */
export function percentToBasisPoints(percent: number): number {
  return roundCents(percent * 100);
}
