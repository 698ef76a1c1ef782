/**
 * The order pages' sentences in the page's language: the same stories as domain/orders
 * (fulfilment, payment words, status names), told from the orders catalog so the Spanish pages
 * say them in Spanish. The figures come worked out; only the words are chosen here.
 */

import type orders from "../../../domain/i18n/compiled/en/orders.js";
import type { Fulfilment, NextStep } from "../../../domain/orders/fulfilment";
import { ORDER_PROGRESS, type OrderStatus } from "../../../domain/orders/order-status";
import type { OrderMoney } from "../../../domain/orders/payment-words";
import type { PaymentMethod } from "../../../domain/shared/back-office-schema";
import type { BusinessFacts } from "../../../domain/shared/business";
import { formatMoney } from "../../../domain/shared/money";
import { oneOf } from "../../../domain/shared/one-of";
import type { Translate } from "../../lib/i18n";

/** The orders namespace's words in the page's language (`useT("orders", orders)`). */
export type OrdersKey = keyof typeof orders;
export type OrdersT = Translate<OrdersKey>;

type Facts = Pick<BusinessFacts, "contactReplyHours" | "delivery" | "installationHours" | "county">;

export function nextStepsIn(t: OrdersT, fulfilment: Fulfilment, facts: Facts): NextStep[] {
  const email = { title: t("steps.email.title"), text: t("steps.email.text") };
  const call = t("steps.call.title", { hours: facts.contactReplyHours });
  const days = facts.delivery.customDays;
  if (fulfilment === "installed") {
    return [
      email,
      { title: call, text: t("steps.call.installed") },
      { title: t("steps.measure.title"), text: t("steps.measure.text", { days }) },
      {
        title: t("steps.install.title"),
        text: t("steps.install.text", { hours: facts.installationHours }),
      },
    ];
  }
  return [
    email,
    { title: call, text: t("steps.call.delivered") },
    { title: t("steps.made.title"), text: t("steps.made.text", { days }) },
    {
      title: t("steps.delivery.title"),
      text: t("steps.delivery.text", { county: facts.county }),
    },
  ];
}

export function fulfilmentWayIn(t: OrdersT, fulfilment: Fulfilment): string {
  return fulfilment === "installed" ? t("way.installed") : t("way.delivered");
}

export function fulfilmentSummaryIn(t: OrdersT, fulfilment: Fulfilment): string {
  return t("fulfilmentSummary", { way: fulfilmentWayIn(t, fulfilment) });
}

export function paymentLineIn(t: OrdersT, fulfilment: Fulfilment): string {
  return fulfilment === "installed" ? t("payment.installed") : t("payment.delivered");
}

/** The status name a customer reads (the one table of domain/orders/order-status, translated). */
export function statusWordIn(t: OrdersT, status: OrderStatus, fulfilment: Fulfilment) {
  switch (status) {
    case "measured":
      return fulfilment === "installed"
        ? t("word.measured.installed")
        : t("word.measured.delivered");
    case "scheduled":
      return fulfilment === "installed"
        ? t("word.scheduled.installed")
        : t("word.scheduled.delivered");
    case "completed":
      return fulfilment === "installed"
        ? t("word.completed.installed")
        : t("word.completed.delivered");
    default:
      return t(`word.${status}`);
  }
}

/** The current status in the shopper's words; null for one outside the progress (cancelled). */
export function progressLabelIn(t: OrdersT, fulfilment: Fulfilment, status: string) {
  return oneOf(ORDER_PROGRESS, status) ? statusWordIn(t, status, fulfilment) : null;
}

/** The order page's one sentence about money (domain/orders/payment-words, in words of `t`). */
export function paymentWordsIn(t: OrdersT, money: OrderMoney): string {
  const { fulfilment, status, paidCents, balanceDueCents, refundDueCents } = money;
  if (status === "cancelled") {
    return refundDueCents > 0
      ? t("money.cancelledRefund", { amount: formatMoney(refundDueCents) })
      : t("money.cancelled");
  }
  if (refundDueCents > 0) return t("money.refund", { amount: formatMoney(refundDueCents) });
  if (balanceDueCents <= 0) return paidCents > 0 ? t("money.paidInFull") : t("money.nothing");
  const due = formatMoney(balanceDueCents);
  if (paidCents > 0) {
    const paid = formatMoney(paidCents);
    if (status === "completed") return t("money.deposit.completed", { paid, due });
    return fulfilment === "installed"
      ? t("money.deposit.installed", { paid, due })
      : t("money.deposit.delivered", { paid, due });
  }
  return status === "completed"
    ? t("money.due", { due })
    : t("money.nothingPaid", { way: fulfilmentWayIn(t, fulfilment) });
}

/** "$337.08 due", "Refund due: $20.00" or "Nothing due". */
export function balanceTextIn(
  t: OrdersT,
  payments: { refundDueCents: number; balanceDueCents: number },
): string {
  if (payments.refundDueCents > 0) {
    return t("balance.refund", { amount: formatMoney(payments.refundDueCents) });
  }
  if (payments.balanceDueCents > 0) {
    return t("balance.due", { amount: formatMoney(payments.balanceDueCents) });
  }
  return t("balance.nothing");
}

export function methodLabelIn(t: OrdersT, method: PaymentMethod): string {
  return t(`method.${method}`);
}
