/**
 * The customer's view of his job: the
 * next visit with the installer's first name, every payment and the balance or the refund due,
 * each adjustment after measuring in words, and the receipt's link. On /orders/REFERENCE and,
 * order by order, on /account.
 */
import { Link } from "react-router";
import { STORE_TIME_ZONE } from "../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../domain/shared/money";
import type { CustomerOrderStory } from "../../../server/services/orders/customer-order";

const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: STORE_TIME_ZONE });

export function NextVisitWords({ visit }: { visit: NonNullable<CustomerOrderStory["nextVisit"]> }) {
  return (
    <>
      {visit.kindLabel}: {visit.words}
      {visit.installerFirstName ? ` with ${visit.installerFirstName}` : ""}
    </>
  );
}

/** "$337.08 due", "Refund due: $20.00" or "Nothing due". */
export function balanceText(payments: CustomerOrderStory["payments"]): string {
  if (payments.refundDueCents > 0) return `Refund due: ${formatMoney(payments.refundDueCents)}`;
  if (payments.balanceDueCents > 0) return `${formatMoney(payments.balanceDueCents)} due`;
  return "Nothing due";
}

export function PaymentsList({
  payments,
  headingId,
}: {
  payments: CustomerOrderStory["payments"];
  headingId?: string;
}) {
  return (
    <div>
      {payments.payments.length === 0 ? (
        <p className="mt-2 text-muted">No payment yet.</p>
      ) : (
        <ul className="mt-2 space-y-1" aria-labelledby={headingId}>
          {payments.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-x-4">
              <span>
                <time dateTime={p.receivedAt}>{DAY.format(new Date(p.receivedAt))}</time> ·{" "}
                {p.amountCents < 0 ? "Refund" : "Payment"}, {p.methodLabel}
              </span>
              <span className="tabular-nums">{formatMoney(p.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-line pt-2">
        <dt>Order total</dt>
        <dd className="text-right tabular-nums">{formatMoney(payments.totalCents)}</dd>
        <dt>Paid</dt>
        <dd className="text-right tabular-nums">{formatMoney(payments.paidCents)}</dd>
        <dt className="font-bold">Balance</dt>
        <dd className="text-right font-bold" data-testid="order-balance">
          {balanceText(payments)}
        </dd>
      </dl>
    </div>
  );
}

export function AdjustmentsList({
  adjustments,
}: {
  adjustments: CustomerOrderStory["adjustments"];
}) {
  return (
    <ul className="mt-2 space-y-2">
      {adjustments.map((a) => (
        <li key={a.at + a.words}>
          <p>{a.words}</p>
          {a.reason ? <p className="text-sm text-muted">Why: {a.reason}</p> : null}
        </li>
      ))}
    </ul>
  );
}

/** The order page's cards: the visit, the money and the receipt, what changed. */
export function OrderStory({ story }: { story: CustomerOrderStory }) {
  return (
    <>
      {story.nextVisit ? (
        <section aria-labelledby="visit-heading" className="card">
          <h2 id="visit-heading" className="text-xl font-bold">
            Your next visit
          </h2>
          <p className="mt-2" data-testid="next-visit">
            <NextVisitWords visit={story.nextVisit} />
          </p>
        </section>
      ) : null}
      <section aria-labelledby="payments-heading" className="card">
        <h2 id="payments-heading" className="text-xl font-bold">
          Payments
        </h2>
        <PaymentsList payments={story.payments} headingId="payments-heading" />
        <Link to={story.receiptPath} className="btn-secondary mt-4">
          Open the receipt
        </Link>
      </section>
      {story.adjustments.length > 0 ? (
        <section aria-labelledby="changes-heading" className="card">
          <h2 id="changes-heading" className="text-xl font-bold">
            Changes after measuring
          </h2>
          <AdjustmentsList adjustments={story.adjustments} />
        </section>
      ) : null}
    </>
  );
}
