/**
 * The payments' and the dashboard's JSON (GET/POST /api/admin/orders/:id/payments, GET
 * /api/admin/dashboard): the services work in cents; the admin wire keeps the product rules'
 * 2-decimal dollars.
 */
import { centsToAmount } from "../../../domain/shared/money";
import type { Dashboard } from "../../services/orders/dashboard";
import type { PaymentSummary, PaymentView } from "../../services/orders/payments";

function paymentToJson({ amountCents, ...payment }: PaymentView) {
  return { ...payment, amount: centsToAmount(amountCents) };
}

export function paymentSummaryToJson(summary: PaymentSummary) {
  return {
    payments: summary.payments.map(paymentToJson),
    total: centsToAmount(summary.totalCents),
    paid: centsToAmount(summary.paidCents),
    balanceDue: centsToAmount(summary.balanceDueCents),
    refundDue: centsToAmount(summary.refundDueCents),
  };
}

export function dashboardToJson({
  outstanding,
  weeks,
  installedBalanceDue,
  refundsDue,
  ...dashboard
}: Dashboard) {
  return {
    ...dashboard,
    installedBalanceDue: installedBalanceDue.map(({ balanceDueCents, ...o }) => ({
      ...o,
      balanceDue: centsToAmount(balanceDueCents),
    })),
    refundsDue: refundsDue.map(({ refundDueCents, ...o }) => ({
      ...o,
      refundDue: centsToAmount(refundDueCents),
    })),
    outstanding: { amount: centsToAmount(outstanding.amountCents), orders: outstanding.orders },
    weeks: weeks.map((w) => ({
      weekStart: w.weekStart,
      orders: w.orders,
      orderValue: centsToAmount(w.orderValueCents),
      revenue: centsToAmount(w.revenueCents),
    })),
  };
}
