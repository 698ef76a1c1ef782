/**
 * The signed-in customer's orders, quotes, visits and reviews to write (/account), phone first:
 * one card per thing, its state in words and the one link that acts on it.
 */
import { Link } from "react-router";
import accountWords from "../../../domain/i18n/compiled/en/account.js";
import ordersWords from "../../../domain/i18n/compiled/en/orders.js";
import { type Language, LOCALE_OF } from "../../../domain/i18n/language";
import { isOrderStatus } from "../../../domain/orders/order-status";
import { isQuoteStatus } from "../../../domain/sales/quote";
import { STORE_TIME_ZONE } from "../../../domain/scheduling/visit-time";
import { phoneHref } from "../../../domain/shared/business";
import { formatMoney } from "../../../domain/shared/money";
import type { AccountOverview } from "../../../server/services/account/account";
import { type Translate, useLanguage, useLocalized, useT } from "../../lib/i18n";
import { useRootData } from "../../lib/root-data";
import { AdjustmentsList, NextVisitWords, PaymentsList } from "../orders/order-story";
import { balanceTextIn, type OrdersT, statusWordIn } from "../orders/order-words";
import { visitWhenIn } from "../scheduling/visit-words";

type AccountT = Translate<keyof typeof accountWords>;

interface Words {
  t: AccountT;
  tOrders: OrdersT;
  language: Language;
  localized: (path: string) => string;
}

function placedOn(language: Language, at: string): string {
  return new Intl.DateTimeFormat(LOCALE_OF[language], {
    dateStyle: "medium",
    timeZone: STORE_TIME_ZONE,
  }).format(new Date(at));
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="mt-3 text-muted">{children}</p>;
}

function OrdersSection({ orders, words }: { orders: AccountOverview["orders"]; words: Words }) {
  const { t, tOrders, language, localized } = words;
  return (
    <section aria-labelledby="account-orders" className="mt-8">
      <h2 id="account-orders" className="text-2xl font-bold">
        {t("page.orders")}
      </h2>
      {orders.length === 0 ? (
        <Empty>{t("orders.none")}</Empty>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {orders.map((o) => (
            <li key={o.reference} className="card">
              <h3 className="text-lg font-semibold">
                {t("order.title", { number: o.orderNumber })}
              </h3>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="text-muted">{t("order.placed")}</dt>
                <dd>
                  <time dateTime={o.placedAt}>{placedOn(language, o.placedAt)}</time>
                </dd>
                <dt className="text-muted">{t("order.status")}</dt>
                <dd data-testid="account-order-status">
                  {isOrderStatus(o.status)
                    ? statusWordIn(tOrders, o.status, "installed")
                    : o.statusLabel}
                </dd>
                <dt className="text-muted">{t("order.total")}</dt>
                <dd>{formatMoney(o.totalCents)}</dd>
                <dt className="text-muted">{t("order.balance")}</dt>
                <dd className={o.story.payments.refundDueCents > 0 ? "font-semibold" : ""}>
                  {balanceTextIn(tOrders, o.story.payments)}
                </dd>
                {o.story.nextVisit ? (
                  <>
                    <dt className="text-muted">{t("order.nextVisit")}</dt>
                    <dd>
                      <NextVisitWords
                        visit={o.story.nextVisit}
                        when={visitWhenIn(language, o.story.nextVisit)}
                        t={tOrders}
                      />
                    </dd>
                  </>
                ) : null}
              </dl>
              <details className="mt-3">
                <summary className="cursor-pointer font-semibold">
                  {t("order.payments", { count: o.story.payments.payments.length })}
                </summary>
                <PaymentsList
                  payments={o.story.payments}
                  t={tOrders}
                  locale={LOCALE_OF[language]}
                />
              </details>
              {o.story.adjustments.length > 0 ? (
                <details className="mt-2">
                  <summary className="cursor-pointer font-semibold">
                    {t("order.changes", { count: o.story.adjustments.length })}
                  </summary>
                  <AdjustmentsList adjustments={o.story.adjustments} t={tOrders} />
                </details>
              ) : null}
              <div className="mt-4 flex flex-wrap gap-3">
                <Link
                  to={localized(`/orders/${o.reference}`)}
                  className="btn-secondary w-full sm:w-auto"
                  aria-label={t("order.viewLabel", { number: o.orderNumber })}
                >
                  {t("order.view")}
                </Link>
                <Link
                  to={localized(o.story.receiptPath)}
                  className="btn-secondary w-full sm:w-auto"
                  aria-label={t("order.receiptLabel", { number: o.orderNumber })}
                >
                  {t("order.receipt")}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function QuotesSection({ quotes, words }: { quotes: AccountOverview["quotes"]; words: Words }) {
  const { t, localized } = words;
  return (
    <section aria-labelledby="account-quotes" className="mt-10">
      <h2 id="account-quotes" className="text-2xl font-bold">
        {t("page.quotes")}
      </h2>
      {quotes.length === 0 ? (
        <Empty>{t("quotes.none")}</Empty>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {quotes.map((q) => (
            <li key={q.token} className="card">
              <h3 className="text-lg font-semibold">
                {t("quote.title", { number: q.quoteNumber })}
              </h3>
              <p className="mt-1">
                {isQuoteStatus(q.status) ? t(`quote.status.${q.status}`) : q.statusLabel} ·{" "}
                {formatMoney(q.totalCents)}
              </p>
              <Link
                to={localized(`/quotes/${q.token}`)}
                className="btn-primary mt-4 w-full sm:w-auto"
                aria-label={t("quote.openLabel", { number: q.quoteNumber })}
              >
                {t("quote.open")}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProjectsSection({
  projects,
  words,
}: {
  projects: AccountOverview["projects"];
  words: Words;
}) {
  const { t, localized } = words;
  if (projects.length === 0) return null;
  return (
    <section aria-labelledby="account-projects" className="mt-10">
      <h2 id="account-projects" className="text-2xl font-bold">
        {t("page.projects")}
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {projects.map((p) => (
          <li key={p.token} className="card">
            <h3 className="text-lg font-semibold break-words">{p.name}</h3>
            <Link
              to={localized(`/projects/${p.token}`)}
              className="btn-primary mt-4 w-full sm:w-auto"
              aria-label={t("project.openLabel", { name: p.name })}
            >
              {t("project.open")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BookingsSection({
  bookings,
  words,
}: {
  bookings: AccountOverview["bookings"];
  words: Words;
}) {
  const { business } = useRootData();
  const { t, language, localized } = words;
  return (
    <section aria-labelledby="account-bookings" className="mt-10">
      <h2 id="account-bookings" className="text-2xl font-bold">
        {t("page.bookings")}
      </h2>
      {bookings.length === 0 ? (
        <Empty>{t("bookings.none")}</Empty>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {bookings.map((b) => (
            <li key={b.reference} className="card" data-testid="account-booking">
              <h3 className="text-lg font-semibold">
                <time dateTime={`${b.date}T${b.start}`}>{visitWhenIn(language, b)}</time>
              </h3>
              <p className="mt-1">{t(`booking.status.${b.status}`)}</p>
              {b.changeable ? (
                <Link
                  to={localized(`/bookings/${b.reference}`)}
                  className="btn-secondary mt-4 w-full sm:w-auto"
                  aria-label={t("booking.moveLabel", { when: visitWhenIn(language, b) })}
                >
                  {t("booking.move")}
                </Link>
              ) : b.callToChange ? (
                <p className="mt-2 text-muted">
                  {t("booking.call")}{" "}
                  <a href={phoneHref(business.phone)} className="underline">
                    {business.phone}
                  </a>
                  .
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReviewsSection({ orders, words }: { orders: AccountOverview["orders"]; words: Words }) {
  const { t, localized } = words;
  const completed = orders.filter((o) => o.status === "completed");
  if (completed.length === 0) return null;
  return (
    <section aria-labelledby="account-reviews" className="mt-10">
      <h2 id="account-reviews" className="text-2xl font-bold">
        {t("page.reviews")}
      </h2>
      <ul className="mt-4 space-y-2">
        {completed.map((o) => (
          <li key={o.reference}>
            <Link to={localized("/#review-form")} className="underline">
              {t("page.review", { number: o.orderNumber })}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AccountOverviewSections({ overview }: { overview: AccountOverview }) {
  const words: Words = {
    t: useT("account", accountWords),
    tOrders: useT("orders", ordersWords),
    language: useLanguage(),
    localized: useLocalized(),
  };
  return (
    <>
      <OrdersSection orders={overview.orders} words={words} />
      <QuotesSection quotes={overview.quotes} words={words} />
      <ProjectsSection projects={overview.projects} words={words} />
      <BookingsSection bookings={overview.bookings} words={words} />
      <ReviewsSection orders={overview.orders} words={words} />
    </>
  );
}
