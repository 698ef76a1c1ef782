/**
 * The order page's one sentence about money, read from the order's own figures (what was paid,
 * the balance or the refund due, as the payments summary works them out): nothing paid → when
 * the customer pays; a deposit → what was paid and what is left; paid in full; cancelled → the
 * refund owed. No arithmetic here: the figures come worked out.
 */
import { formatMoney } from "../shared/money";
import { type Fulfilment, fulfilmentWay } from "./fulfilment";

export interface OrderMoney {
  fulfilment: Fulfilment;
  status: string;
  paidCents: number;
  /** What the customer still owes; negative when the store owes a refund. */
  balanceDueCents: number;
  /** What the store owes back (0 or more). */
  refundDueCents: number;
}

export function paymentWords(money: OrderMoney): string {
  const { fulfilment, status, paidCents, balanceDueCents, refundDueCents } = money;
  if (status === "cancelled") {
    return refundDueCents > 0
      ? `Order cancelled: we refund you ${formatMoney(refundDueCents)}, everything you paid.`
      : "Order cancelled: nothing to pay.";
  }
  if (refundDueCents > 0)
    return `Paid in full: we owe you a refund of ${formatMoney(refundDueCents)}.`;
  if (balanceDueCents <= 0) return paidCents > 0 ? "Paid in full." : "Nothing to pay.";
  const due = formatMoney(balanceDueCents);
  // Once the work is done the balance is simply due; before, it is due at the visit or delivery.
  const when =
    status === "completed" ? "" : fulfilment === "installed" ? " at installation" : " on delivery";
  if (paidCents > 0) return `${formatMoney(paidCents)} paid (deposit); ${due} due${when}.`;
  return status === "completed" ? `${due} due.` : `Nothing paid yet. ${fulfilmentWay(fulfilment)}`;
}
