/**
 * An order's payments in words and figures: every payment and refund, what was paid, what is
 * still due and what the store owes back. A cancelled order owes nothing more: everything paid
 * on it is a refund due until the refund is recorded.
 */
import type { PaymentMethod } from "../../../domain/shared/back-office-schema";
import { PAYMENT_METHOD_LABELS } from "../../../domain/shared/back-office-schema";
import { formatMoney } from "../../../domain/shared/money";
import { toNumber } from "../../db/database";
import type { PaymentRow } from "../../db/types";

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
  /**
   * What the customer still owes: total − paid, the total of a cancelled order counting as
   * nothing; negative when a refund is owed.
   */
  balanceDueCents: number;
  /** What the store owes back (0 or more): −balanceDueCents when that is positive. */
  refundDueCents: number;
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

export function describePayment(
  cents: number,
  method: PaymentMethod,
  reference: string | null,
): string {
  const how = `${PAYMENT_METHOD_LABELS[method]}${reference ? ` ${reference}` : ""}`;
  return cents < 0
    ? `Refund of ${formatMoney(-cents)} (${how})`
    : `Payment of ${formatMoney(cents)} (${how})`;
}

/** The balance of an order from its total, status and what was paid. */
export function balanceOf(order: { total_cents: number; status: string }, paidCents: number) {
  const owed = order.status === "cancelled" ? 0 : toNumber(order.total_cents);
  const balanceDueCents = owed - paidCents;
  return { balanceDueCents, refundDueCents: Math.max(0, -balanceDueCents) };
}

/** An order's payments and refunds with its total, what was paid and the balance. */
export function summarizePayments(
  order: { total_cents: number; status: string },
  rows: readonly PaymentRow[],
): PaymentSummary {
  const totalCents = toNumber(order.total_cents);
  const paidCents = rows.reduce((sum, r) => sum + toNumber(r.amount_cents), 0);
  return {
    payments: rows.map(toView),
    totalCents,
    paidCents,
    ...balanceOf(order, paidCents),
  };
}
