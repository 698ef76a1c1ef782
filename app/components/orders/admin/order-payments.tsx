import { Form, Link } from "react-router";
import { ORDER_FORM_LABELS, paymentFromForm } from "../../../../domain/shared/back-office-form";
import { paymentSchema } from "../../../../domain/shared/back-office-schema";
import { formatMoney } from "../../../../domain/shared/money";
import type { PaymentSummary } from "../../../../server/services/orders/payments";
import { fieldA11y, useSchemaForm } from "../../../lib/forms";
import { type ActionResult, formatDateTime } from "../../admin/admin-route";
import { FieldMessage } from "../../field-message";
import { ORDER_RESULTS } from "./order-results";
import { PaymentFields } from "./payment-fields";

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
  result,
}: {
  orderId: number;
  summary: PaymentSummary;
  busy: boolean;
  result: ActionResult | undefined;
}) {
  const { errors, typed, formProps } = useSchemaForm({
    id: "payment-form",
    schema: paymentSchema,
    fromForm: paymentFromForm,
    failure: result && !result.ok && result.intent === "payment" ? result : null,
    labels: ORDER_FORM_LABELS,
  });
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
          <Form method="post" action={`#${ORDER_RESULTS.payments}`}>
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
        action={`#${ORDER_RESULTS.payments}`}
        aria-labelledby="record-payment-title"
        className="mt-4 space-y-3 border-t border-line pt-4"
        {...formProps}
      >
        <h3 id="record-payment-title" className="font-semibold">
          Record a payment or refund
        </h3>
        <input type="hidden" name="intent" value="payment" />
        <div className="grid gap-3 sm:grid-cols-2">
          <PaymentFields
            idPrefix="payment"
            errors={errors}
            typed={typed}
            defaultAmountCents={summary.balanceDueCents}
            refunds
            referenceLabel="Reference (check number, card slip; optional)"
          />
        </div>
        <div>
          <label htmlFor="payment-note" className="field-label">
            Note (optional)
          </label>
          <input
            id="payment-note"
            name="note"
            maxLength={500}
            defaultValue={typed("note")}
            className="field"
            {...fieldA11y(errors, "note", "payment-note")}
          />
          <FieldMessage id="payment-note" error={errors.note} />
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
