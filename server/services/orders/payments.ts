/**
 * Payments and refunds (decision 150): record them, keep the order's paid total, answer
 * `paid` and `balanceDue`, and email a receipt listing every payment when asked.
 */
import type { PaymentInput, PaymentMethod } from "../../../domain/shared/back-office-schema";
import { PAYMENT_METHOD_LABELS } from "../../../domain/shared/back-office-schema";
import { amountToCents, centsToAmount, formatMoney } from "../../../domain/shared/money";
import { now, toNumber } from "../../db/database";
import { findOrderById, lockOrderForUpdate } from "../../db/repositories/orders/orders";
import {
  addToOrderPaid,
  findPaymentsForOrder,
  insertPayment,
} from "../../db/repositories/orders/payments";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import type { Order, PaymentRow } from "../../db/types";
import { receiptEmail } from "../../email/receipt-email";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { type Actor, mayRefund } from "../people/actor";
import { recordOrderChange } from "./order-events";

export interface PaymentView {
  id: number;
  /** Negative for a refund. */
  amountCents: number;
  method: PaymentMethod;
  methodLabel: string;
  reference: string | null;
  note: string | null;
  receivedAt: string;
  recordedBy: string;
}

export interface PaymentSummary {
  payments: PaymentView[];
  totalCents: number;
  paidCents: number;
  /** total − paid; negative when a refund is owed. */
  balanceDueCents: number;
}

function toView(row: PaymentRow): PaymentView {
  const method = row.method;
  return {
    id: row.id,
    amountCents: row.amount_cents,
    method,
    methodLabel: PAYMENT_METHOD_LABELS[method],
    reference: row.reference,
    note: row.note,
    receivedAt: row.received_at,
    recordedBy: row.actor,
  };
}

function describePayment(cents: number, method: PaymentMethod, reference: string | null): string {
  const how = `${PAYMENT_METHOD_LABELS[method]}${reference ? ` ${reference}` : ""}`;
  return cents < 0
    ? `Refund of ${formatMoney(-cents)} (${how})`
    : `Payment of ${formatMoney(cents)} (${how})`;
}

/** An order's payments and refunds with its total, what was paid and the balance. */
export function summarizePayments(
  order: Pick<Order, "total_cents">,
  rows: readonly PaymentRow[],
): PaymentSummary {
  const totalCents = toNumber(order.total_cents);
  const paidCents = rows.reduce((sum, r) => sum + toNumber(r.amount_cents), 0);
  return {
    payments: rows.map(toView),
    totalCents,
    paidCents,
    balanceDueCents: totalCents - paidCents,
  };
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
  async function paymentSummaryOf(
    order: Pick<Order, "id" | "total_cents">,
  ): Promise<PaymentSummary> {
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
      const cents = amountToCents(input.amount);
      if (!Number.isFinite(cents) || cents === 0) {
        throw new AppError(
          "validation_failed",
          "amount must be at least $0.01 (a refund at most −$0.01): this one rounds to $0.00.",
        );
      }
      // Refunds are for owners and office (DECISIONS.md Safety details); installers record
      // payments only.
      if (cents < 0 && !mayRefund(actor)) {
        throw new AppError("forbidden", "Only an owner or the office can record a refund.");
      }
      const at = now();
      await db.transaction().execute(async (trx) => {
        // One writer of this order's money at a time (decision 190): a cancellation, an
        // adjustment or another payment of the same order waits here, and the rules below
        // are checked on the row as the last writer left it.
        const order = await lockOrderForUpdate(trx, orderId);
        if (!order) throw new AppError("not_found", "Order not found.");
        const paid = toNumber(order.paid_cents);
        if (order.status === "cancelled" || order.status === "completed") {
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
          method: input.method,
          reference: input.reference,
          note: input.note,
          actor: actor.label,
          staffId: actor.staffId,
          at,
        });
        // The reference and note may name the customer: the log keeps amount and method only.
        await recordOrderChange(trx, actor, at, {
          orderId,
          kind: cents < 0 ? "refund" : "payment",
          summary: `${describePayment(cents, input.method, input.reference)}; paid ${formatMoney(newPaid)} of ${formatMoney(toNumber(order.total_cents))}`,
          details: {
            amountCents: cents,
            method: input.method,
            before: { paidCents: paid },
            after: { paidCents: newPaid },
          },
          audit: {
            kind: "payment",
            summary: `Order #${order.order_number}: ${cents < 0 ? "refund" : "payment"} of ${formatMoney(Math.abs(cents))} (${input.method}); paid ${formatMoney(paid)} → ${formatMoney(newPaid)}`,
            details: {
              before: { paidCents: paid },
              after: { paidCents: newPaid, amountCents: cents, method: input.method },
            },
          },
        });
        if (input.emailReceipt) {
          const rows = await findPaymentsForOrder(trx, orderId);
          await enqueueEmail(trx, receiptEmail(business, order, summarize(order, rows)));
        }
      });
      logger.info("payment recorded", { orderId, cents, emailed: input.emailReceipt });
      if (input.emailReceipt) emails.kick();
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
