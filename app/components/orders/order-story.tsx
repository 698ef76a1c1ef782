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
import { balanceTextIn, methodLabelIn, type OrdersT } from "./order-words";

function day(locale: string, at: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: STORE_TIME_ZONE }).format(
    new Date(at),
  );
}

/** The visit's kind, when and who: `when` is the visit's date and window in the page's words. */
export function NextVisitWords({
  visit,
  when,
  t,
}: {
  visit: NonNullable<CustomerOrderStory["nextVisit"]>;
  when: string;
  t: OrdersT;
}) {
  return (
    <>
      {t(`visit.${visit.kind}`)}: {when}
      {visit.installerFirstName ? ` ${t("story.with", { name: visit.installerFirstName })}` : ""}
    </>
  );
}

export function PaymentsList({
  payments,
  headingId,
  t,
  locale,
}: {
  payments: CustomerOrderStory["payments"];
  headingId?: string;
  t: OrdersT;
  /** The page's locale, for the payments' dates. */
  locale: string;
}) {
  return (
    <div>
      {payments.payments.length === 0 ? (
        <p className="mt-2 text-muted">{t("story.noPayment")}</p>
      ) : (
        <ul className="mt-2 space-y-1" aria-labelledby={headingId}>
          {payments.payments.map((p) => (
            <li key={p.id} className="flex flex-wrap justify-between gap-x-4">
              <span>
                <time dateTime={p.receivedAt}>{day(locale, p.receivedAt)}</time> ·{" "}
                {p.amountCents < 0 ? t("story.refund") : t("story.payment")},{" "}
                {methodLabelIn(t, p.method)}
              </span>
              <span className="tabular-nums">{formatMoney(p.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-line pt-2">
        <dt>{t("story.orderTotal")}</dt>
        <dd className="text-right tabular-nums">{formatMoney(payments.totalCents)}</dd>
        <dt>{t("story.paid")}</dt>
        <dd className="text-right tabular-nums">{formatMoney(payments.paidCents)}</dd>
        <dt className="font-bold">{t("story.balance")}</dt>
        <dd className="text-right font-bold" data-testid="order-balance">
          {balanceTextIn(t, payments)}
        </dd>
      </dl>
    </div>
  );
}

export function AdjustmentsList({
  adjustments,
  t,
}: {
  adjustments: CustomerOrderStory["adjustments"];
  t: OrdersT;
}) {
  return (
    <ul className="mt-2 space-y-2">
      {adjustments.map((a) => (
        <li key={a.at + a.words}>
          <p>{a.words}</p>
          {a.reason ? (
            <p className="text-sm text-muted">{t("story.why", { reason: a.reason })}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The order page's cards: the visit, the money and the receipt, what changed. */
export function OrderStory({
  story,
  visitWhen,
  t,
  locale,
}: {
  story: CustomerOrderStory;
  /** The next visit's date and window in the page's words. */
  visitWhen: string | null;
  t: OrdersT;
  locale: string;
}) {
  return (
    <>
      {story.nextVisit ? (
        <section aria-labelledby="visit-heading" className="card">
          <h2 id="visit-heading" className="text-xl font-bold">
            {t("story.nextVisit")}
          </h2>
          <p className="mt-2" data-testid="next-visit">
            <NextVisitWords
              visit={story.nextVisit}
              when={visitWhen ?? story.nextVisit.words}
              t={t}
            />
          </p>
        </section>
      ) : null}
      <section aria-labelledby="payments-heading" className="card">
        <h2 id="payments-heading" className="text-xl font-bold">
          {t("story.payments")}
        </h2>
        <PaymentsList
          payments={story.payments}
          headingId="payments-heading"
          t={t}
          locale={locale}
        />
        <Link to={story.receiptPath} className="btn-secondary mt-4">
          {t("story.receipt")}
        </Link>
      </section>
      {story.adjustments.length > 0 ? (
        <section aria-labelledby="changes-heading" className="card">
          <h2 id="changes-heading" className="text-xl font-bold">
            {t("story.changes")}
          </h2>
          <AdjustmentsList adjustments={story.adjustments} t={t} />
        </section>
      ) : null}
    </>
  );
}
