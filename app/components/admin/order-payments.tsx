import { Form, Link } from "react-router";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "../../../domain/back-office-schema";
import { centsToDecimalString, formatMoney } from "../../../domain/money";
import type { PaymentSummary } from "../../../server/services/orders/payments";
import { formatDateTime } from "./admin-route";

export const moneyOf = (cents: number) => formatMoney(cents);

/** Paid and due in words: a refund owed says so. */
export function balanceWords(summary: Pick<PaymentSummary, "balanceDueCents">): string {
  if (summary.balanceDueCents > 0) return `${moneyOf(summary.balanceDueCents)} due`;
  if (summary.balanceDueCents < 0) return `Refund owed: ${moneyOf(-summary.balanceDueCents)}`;
  return "Paid in full";
}

/** Payments and refunds of an order, its balance, the form to record one and the receipt. */
export function OrderPayments({
  orderId,
  summary,
  busy,
}: {
  orderId: number;
  summary: PaymentSummary;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="payments-title" className="card">
      <h2 id="payments-title" className="mb-3 text-xl font-semibold">
        Payments
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-y-1">
        <dt>Order total</dt>
        <dd className="text-right">{moneyOf(summary.totalCents)}</dd>
        <dt>Paid</dt>
        <dd className="text-right">{moneyOf(summary.paidCents)}</dd>
        <dt className="font-bold">Balance</dt>
        <dd className={`text-right font-bold ${summary.balanceDueCents < 0 ? "text-danger" : ""}`}>
          {balanceWords(summary)}
        </dd>
      </dl>
      {summary.payments.length ? (
        <ul className="mt-3 space-y-2 border-t border-line pt-3 text-sm">
          {summary.payments.map((p) => (
            <li key={p.id}>
              <span className="font-semibold">
                {p.amountCents < 0 ? "Refund" : "Payment"} {moneyOf(Math.abs(p.amountCents))}
              </span>{" "}
              · {p.methodLabel}
              {p.reference ? ` ${p.reference}` : ""}
              <span className="block text-muted">
                {formatDateTime(p.receivedAt)} · by {p.recordedBy}
                {p.note ? ` · ${p.note}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {summary.payments.length ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to={`/admin/orders/${orderId}/receipt`} className="btn-secondary">
            Receipt
          </Link>
          <Form method="post">
            <input type="hidden" name="intent" value="receipt-email" />
            <button type="submit" className="btn-secondary" disabled={busy}>
              Email the receipt
            </button>
          </Form>
        </div>
      ) : null}
      <Form
        // A new payment remounts the form: empty fields, the new balance offered.
        key={summary.payments.length}
        method="post"
        aria-labelledby="record-payment-title"
        className="mt-4 space-y-3 border-t border-line pt-4"
      >
        <h3 id="record-payment-title" className="font-semibold">
          Record a payment or refund
        </h3>
        <input type="hidden" name="intent" value="payment" />
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="payment-amount" className="field-label">
              Amount ($, negative for a refund)
            </label>
            <input
              id="payment-amount"
              name="amount"
              type="number"
              step="0.01"
              required
              inputMode="decimal"
              defaultValue={
                summary.balanceDueCents > 0
                  ? centsToDecimalString(summary.balanceDueCents)
                  : undefined
              }
              className="field"
            />
          </div>
          <div>
            <label htmlFor="payment-method" className="field-label">
              Method
            </label>
            <select id="payment-method" name="method" className="field" defaultValue="check">
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <label htmlFor="payment-reference" className="field-label">
            Reference (check number, card slip; optional)
          </label>
          <input id="payment-reference" name="reference" maxLength={100} className="field" />
        </div>
        <div>
          <label htmlFor="payment-note" className="field-label">
            Note (optional)
          </label>
          <input id="payment-note" name="note" maxLength={500} className="field" />
        </div>
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" name="emailReceipt" className="size-5" />
          Email the customer a receipt
        </label>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          Record payment
        </button>
      </Form>
    </section>
  );
}
