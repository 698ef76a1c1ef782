/**
 * Payments and refunds: record them, keep the order's paid total, answer
 * `paid` and `balanceDue`, and email a receipt listing every payment when asked. A payment that
 * settles an installed order completes it; a cancelled order takes refunds up to what was paid
 *.
 */
import type { PaymentInput, PaymentMethod } from "../../../domain/shared/back-office-schema";
import { amountToCents, centsToAmount, formatMoney } from "../../../domain/shared/money";
import { type Db, now, toNumber } from "../../db/database";
import { findOrderById, lockOrderForUpdate } from "../../db/repositories/orders/orders";
import {
  addToOrderPaid,
  findPaymentsForOrder,
  insertPayment,
} from "../../db/repositories/orders/payments";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import type { Order } from "../../db/types";
import { receiptEmail } from "../../email/receipt-email";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { type Actor, mayRefund } from "../people/actor";
import { completeWhenInstalledAndPaid } from "./completion";
import { recordOrderChange } from "./order-events";
import { describePayment, type PaymentSummary, summarizePayments } from "./payments-summary";

export {
  type PaymentSummary,
  type PaymentView,
  summarizePayments,
} from "./payments-summary";

/** The history's words when a payment completes an installed order. */
export const PAID_AFTER_INSTALLATION = "paid in full after installation";

/** One payment or refund, in cents, as the order's money rules take it. */
export interface PaymentEntry {
  cents: number;
  method: PaymentMethod;
  reference: string | null;
  note: string | null;
}

/** A positive amount, or a negative one (a refund) that does not round to $0.00. */
export function paymentCents(amount: number): number {
  const cents = amountToCents(amount);
  if (!Number.isFinite(cents) || cents === 0) {
    throw new AppError(
      "validation_failed",
      "amount must be at least $0.01 (a refund at most −$0.01): this one rounds to $0.00.",
    );
  }
  return cents;
}

/**
 * Records a payment or refund inside `trx` under the order's row lock: a
 * cancellation, an adjustment or another payment of the same order waits, and the rules are
 * checked on the row as the last writer left it. No payment on a completed or cancelled order,
 * no refund on a completed one, and a refund never above what was paid. Answers the order as it
 * was before and what is paid now.
 */
export async function recordPaymentIn(
  trx: Db,
  orderId: number,
  entry: PaymentEntry,
  actor: Actor,
  at: string,
): Promise<{ order: Order; paidCents: number }> {
  const { cents } = entry;
  const order = await lockOrderForUpdate(trx, orderId);
  if (!order) throw new AppError("not_found", "Order not found.");
  const paid = toNumber(order.paid_cents);
  const closed = order.status === "completed" || (order.status === "cancelled" && cents > 0);
  if (closed) {
    throw new AppError(
      "conflict",
      `Order #${order.order_number} is ${order.status}; it takes no more ${cents < 0 ? "refunds" : "payments"}.`,
      { details: { reason: `order_${order.status}`, status: order.status } },
    );
  }
  const refused = () =>
    new AppError(
      "conflict",
      `A refund can't exceed what was paid: ${formatMoney(paid)} on Order #${order.order_number}.`,
      { details: { reason: "refund_exceeds_paid", paid: centsToAmount(paid) } },
    );
  if (cents < 0 && -cents > paid) throw refused();
  const newPaid = await addToOrderPaid(trx, orderId, cents, at);
  if (newPaid === null) throw refused();
  await insertPayment(trx, {
    orderId,
    amountCents: cents,
    method: entry.method,
    reference: entry.reference,
    note: entry.note,
    actor: actor.label,
    staffId: actor.staffId,
    at,
  });
  // The reference and note may name the customer: the log keeps amount and method only.
  await recordOrderChange(trx, actor, at, {
    orderId,
    kind: cents < 0 ? "refund" : "payment",
    summary: `${describePayment(cents, entry.method, entry.reference)}; paid ${formatMoney(newPaid)} of ${formatMoney(toNumber(order.total_cents))}`,
    details: {
      amountCents: cents,
      method: entry.method,
      before: { paidCents: paid },
      after: { paidCents: newPaid },
    },
    audit: {
      kind: "payment",
      summary: `Order #${order.order_number}: ${cents < 0 ? "refund" : "payment"} of ${formatMoney(Math.abs(cents))} (${entry.method}); paid ${formatMoney(paid)} → ${formatMoney(newPaid)}`,
      details: {
        before: { paidCents: paid },
        after: { paidCents: newPaid, amountCents: cents, method: entry.method },
      },
    },
  });
  return { order, paidCents: newPaid };
}

export function createPaymentService(deps: ServiceDeps) {
  const { db, config, logger, emails } = deps;
  const business = config.business;
  const summarize = summarizePayments;

  async function paymentSummary(orderId: number): Promise<PaymentSummary> {
    const order = await findOrderById(db, orderId);
    if (!order) throw new AppError("not_found", "Order not found.");
    return paymentSummaryOf(order);
  }

  /** The summary of an order already read (the order page's): only its payments are read. */
  async function paymentSummaryOf(order: {
    id: number;
    total_cents: number;
    status: string;
  }): Promise<PaymentSummary> {
    return summarize(order, await findPaymentsForOrder(db, order.id));
  }

  return {
    paymentSummary,
    paymentSummaryOf,

    async recordPayment(
      orderId: number,
      input: PaymentInput,
      actor: Actor,
    ): Promise<PaymentSummary> {
      const cents = paymentCents(input.amount);
      // Refunds are for owners and office; installers record
      // payments only.
      if (cents < 0 && !mayRefund(actor)) {
        throw new AppError("forbidden", "Only an owner or the office can record a refund.");
      }
      const at = now();
      const completed = await db.transaction().execute(async (trx) => {
        const { order } = await recordPaymentIn(
          trx,
          orderId,
          {
            cents,
            method: input.method,
            reference: input.reference,
            note: input.note,
          },
          actor,
          at,
        );
        const done =
          cents > 0 &&
          (await completeWhenInstalledAndPaid(
            trx,
            config,
            orderId,
            PAID_AFTER_INSTALLATION,
            actor,
            at,
          ));
        // The completion email carries the receipt: a second one would say the same.
        if (input.emailReceipt && !done) {
          const rows = await findPaymentsForOrder(trx, orderId);
          const fresh = (await findOrderById(trx, orderId)) ?? order;
          await enqueueEmail(trx, receiptEmail(business, fresh, summarize(fresh, rows)));
        }
        return done;
      });
      logger.info("payment recorded", {
        orderId,
        cents,
        emailed: input.emailReceipt,
        completed,
      });
      if (input.emailReceipt || completed) emails.kick();
      return paymentSummary(orderId);
    },

    async emailReceipt(orderId: number, actor: Actor): Promise<void> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        const order = await findOrderById(trx, orderId);
        if (!order) throw new AppError("not_found", "Order not found.");
        const rows = await findPaymentsForOrder(trx, orderId);
        if (rows.length === 0) {
          throw new AppError(
            "conflict",
            `Order #${order.order_number} has no payments to put on a receipt.`,
          );
        }
        await enqueueEmail(trx, receiptEmail(business, order, summarize(order, rows)));
        await recordOrderChange(trx, actor, at, {
          orderId,
          kind: "receipt",
          summary: `Receipt emailed to ${order.email}`,
          details: {},
          audit: {
            kind: "payment",
            summary: `Order #${order.order_number}: receipt emailed to the customer`,
          },
        });
      });
      emails.kick();
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
