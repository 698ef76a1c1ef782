/**
 * The books: for a period of store-local days, orders
 * placed and completed, payments by method, refunds, today's deposits held and balance
 * outstanding, the sales tax on completed orders laid out as Florida's DR-15 asks, payments per
 * week for the chart, and the payments CSV's lines. Every figure is a SQL aggregate; cents inside.
 */

import { type ReportPeriod, weeksOf } from "../../../domain/books/books-schema";
import { recordOf } from "../../../domain/platform/records";
import {
  addDays,
  startOfWeek,
  storeLocal,
  storeTimeToUtc,
} from "../../../domain/scheduling/visit-time";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../domain/shared/back-office-schema";
import { csvAmount, toCsv } from "../../../domain/shared/csv";
import { oneOf } from "../../../domain/shared/one-of";
import {
  type Instants,
  listPaymentLines,
  sumBalances,
  sumOrdersCompleted,
  sumOrdersPlaced,
  sumPaymentsByHour,
  sumPaymentsByMethod,
} from "../../db/repositories/books/reports";
import type { ServiceDeps } from "../deps";

export interface SalesTaxReturn {
  /** DR-15 column 1: everything sold (discounted merchandise and installation, plus delivery). */
  grossSalesCents: number;
  /** Column 2: sales not taxed: delivery charges under our rule, and tax-exempt orders. */
  exemptSalesCents: number;
  /** Of column 2, the tax-exempt orders' own (certificates on file), listed apart. */
  taxExemptSalesCents: number;
  /** Column 3: the discounted subtotals the tax was charged on. */
  taxableCents: number;
  /** Column 4: the tax collected (state and surtax). */
  taxCollectedCents: number;
  /** The state's part (tax collected − surtax). */
  stateTaxCents: number;
  /** Line 15(a): the part of taxable amounts above $5,000 per item, not subject to the surtax. */
  overSurtaxCapCents: number;
  /** Line 15(b): taxable amounts of orders taxed at a flat rate, with no surtax part. */
  notSubjectToSurtaxCents: number;
  /** The amount the surtax was charged on. */
  surtaxableCents: number;
  /** Line 15(d): the discretionary sales surtax collected. */
  surtaxCents: number;
}

export interface BooksReport {
  period: ReportPeriod;
  ordersPlaced: { count: number; valueCents: number };
  ordersCompleted: { count: number; valueCents: number };
  /** Money received by method, before refunds. */
  paymentsCents: Record<PaymentMethod, number>;
  refundsCents: number;
  /** Today's figures, whatever the period. */
  depositsHeldCents: number;
  balanceOutstandingCents: number;
  /** Today's money owed back to customers (a paid order cancelled, an overpayment). */
  refundsOwedCents: number;
  salesTax: SalesTaxReturn;
  /** Payments (before refunds) and refunds per week, Monday first, store time. */
  weeks: { weekOf: string; receivedCents: number; refundedCents: number }[];
}

/** The UTC instants of a period of store-local days: [from 00:00, the day after to 00:00). */
export function periodInstants(period: ReportPeriod): Instants {
  return {
    from: storeTimeToUtc(period.from, "00:00").toISOString(),
    to: storeTimeToUtc(addDays(period.to, 1), "00:00").toISOString(),
  };
}

function isMethod(value: string): value is PaymentMethod {
  return oneOf(PAYMENT_METHODS, value);
}

/**
 * The store-local date of ISO instants, one time-zone conversion per UTC hour:
 * the store's offset from UTC is a whole number of hours, and a quarter's 12,000 payment lines
 * each converted cost ~130 ms on the bench's machine.
 */
function storeDates() {
  const byHour = new Map<string, string>();
  return (instant: string): string => {
    const hour = instant.slice(0, 13);
    let date = byHour.get(hour);
    if (date === undefined) {
      date = storeLocal(new Date(`${hour}:30:00.000Z`)).date;
      byHour.set(hour, date);
    }
    return date;
  };
}

export function createBooksService(deps: ServiceDeps) {
  const { db } = deps;

  return {
    async report(period: ReportPeriod): Promise<BooksReport> {
      const span = periodInstants(period);
      const [placed, completed, byMethod, byHour, balances] = await Promise.all([
        sumOrdersPlaced(db, span),
        sumOrdersCompleted(db, span),
        sumPaymentsByMethod(db, span),
        sumPaymentsByHour(db, span),
        sumBalances(db),
      ]);
      const paymentsCents = recordOf(PAYMENT_METHODS, () => 0);
      let refundsCents = 0;
      for (const m of byMethod) {
        paymentsCents[isMethod(m.method) ? m.method : "other"] += m.receivedCents;
        refundsCents += m.refundedCents;
      }
      const weeks = new Map(
        weeksOf(period).map((w) => [w, { weekOf: w, receivedCents: 0, refundedCents: 0 }]),
      );
      const dateOf = storeDates();
      for (const h of byHour) {
        const week = weeks.get(startOfWeek(dateOf(h.hour)));
        if (!week) continue;
        week.receivedCents += h.receivedCents;
        week.refundedCents += h.refundedCents;
      }
      const surtaxed = completed.taxableCents - completed.flatRateTaxableCents;
      return {
        period,
        ordersPlaced: placed,
        ordersCompleted: { count: completed.count, valueCents: completed.valueCents },
        paymentsCents,
        refundsCents,
        depositsHeldCents: balances.depositsHeldCents,
        balanceOutstandingCents: balances.outstandingCents,
        refundsOwedCents: balances.refundsOwedCents,
        salesTax: {
          grossSalesCents:
            completed.taxableCents + completed.shippingCents + completed.taxExemptCents,
          exemptSalesCents: completed.shippingCents + completed.taxExemptCents,
          taxExemptSalesCents: completed.taxExemptCents,
          taxableCents: completed.taxableCents,
          taxCollectedCents: completed.taxCents,
          stateTaxCents: completed.taxCents - completed.surtaxCents,
          overSurtaxCapCents: surtaxed - completed.surtaxableCents,
          notSubjectToSurtaxCents: completed.flatRateTaxableCents,
          surtaxableCents: completed.surtaxableCents,
          surtaxCents: completed.surtaxCents,
        },
        weeks: [...weeks.values()],
      };
    },

    /**
     * Every payment and refund of the period as the bookkeeper's CSV (payments.csv): one row
     * each, oldest first, a refund negative. The text itself, so that it can be kept (decision
     * 310): a quarter's 12,000 rows cost more to write out than to read.
     */
    async paymentsCsv(period: ReportPeriod): Promise<string> {
      const lines = await listPaymentLines(db, periodInstants(period));
      const dateOf = storeDates();
      return toCsv(
        ["date", "order_number", "customer", "method", "amount", "reference"],
        lines.map((l) => [
          dateOf(l.receivedAt),
          l.orderNumber,
          `${l.firstName} ${l.lastName}`,
          l.method,
          csvAmount(l.amountCents),
          l.reference,
        ]),
      );
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
