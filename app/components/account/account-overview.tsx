/**
 * The signed-in customer's orders, quotes, visits and reviews to write (/account), phone first:
 * one card per thing, its state in words and the one link that acts on it.
 */
import { Link } from "react-router";
import { STORE_TIME_ZONE } from "../../../domain/scheduling/visit-time";
import { phoneHref } from "../../../domain/shared/business";
import { formatMoney } from "../../../domain/shared/money";
import type { AccountOverview } from "../../../server/services/account/account";
import { useRootData } from "../../lib/root-data";
import { AdjustmentsList, balanceText, NextVisitWords, PaymentsList } from "../orders/order-story";

const PLACED = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: STORE_TIME_ZONE });

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="mt-3 text-muted">{children}</p>;
}

function OrdersSection({ orders }: { orders: AccountOverview["orders"] }) {
  return (
    <section aria-labelledby="account-orders" className="mt-8">
      <h2 id="account-orders" className="text-2xl font-bold">
        Orders
      </h2>
      {orders.length === 0 ? (
        <Empty>No orders under this email yet.</Empty>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {orders.map((o) => (
            <li key={o.reference} className="card">
              <h3 className="text-lg font-semibold">Order #{o.orderNumber}</h3>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="text-muted">Placed</dt>
                <dd>
                  <time dateTime={o.placedAt}>{PLACED.format(new Date(o.placedAt))}</time>
                </dd>
                <dt className="text-muted">Status</dt>
                <dd data-testid="account-order-status">{o.statusLabel}</dd>
                <dt className="text-muted">Total</dt>
                <dd>{formatMoney(o.totalCents)}</dd>
                <dt className="text-muted">Balance</dt>
                <dd className={o.story.payments.refundDueCents > 0 ? "font-semibold" : ""}>
                  {balanceText(o.story.payments)}
                </dd>
                {o.story.nextVisit ? (
                  <>
                    <dt className="text-muted">Next visit</dt>
                    <dd>
                      <NextVisitWords visit={o.story.nextVisit} />
                    </dd>
                  </>
                ) : null}
              </dl>
              <details className="mt-3">
                <summary className="cursor-pointer font-semibold">
                  Payments ({o.story.payments.payments.length})
                </summary>
                <PaymentsList payments={o.story.payments} />
              </details>
              {o.story.adjustments.length > 0 ? (
                <details className="mt-2">
                  <summary className="cursor-pointer font-semibold">
                    Changes after measuring ({o.story.adjustments.length})
                  </summary>
                  <AdjustmentsList adjustments={o.story.adjustments} />
                </details>
              ) : null}
              <div className="mt-4 flex flex-wrap gap-3">
                <Link
                  to={`/orders/${o.reference}`}
                  className="btn-secondary w-full sm:w-auto"
                  aria-label={`View order #${o.orderNumber}`}
                >
                  View order
                </Link>
                <Link
                  to={o.story.receiptPath}
                  className="btn-secondary w-full sm:w-auto"
                  aria-label={`Open the receipt of order #${o.orderNumber}`}
                >
                  Receipt
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function QuotesSection({ quotes }: { quotes: AccountOverview["quotes"] }) {
  return (
    <section aria-labelledby="account-quotes" className="mt-10">
      <h2 id="account-quotes" className="text-2xl font-bold">
        Quotes
      </h2>
      {quotes.length === 0 ? (
        <Empty>No quotes under this email.</Empty>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {quotes.map((q) => (
            <li key={q.token} className="card">
              <h3 className="text-lg font-semibold">Quote #{q.quoteNumber}</h3>
              <p className="mt-1">
                {q.statusLabel} · {formatMoney(q.totalCents)}
              </p>
              <Link
                to={`/quotes/${q.token}`}
                className="btn-primary mt-4 w-full sm:w-auto"
                aria-label={`Open quote #${q.quoteNumber}`}
              >
                Open quote
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ProjectsSection({ projects }: { projects: AccountOverview["projects"] }) {
  if (projects.length === 0) return null;
  return (
    <section aria-labelledby="account-projects" className="mt-10">
      <h2 id="account-projects" className="text-2xl font-bold">
        Saved projects
      </h2>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {projects.map((p) => (
          <li key={p.token} className="card">
            <h3 className="text-lg font-semibold break-words">{p.name}</h3>
            <Link
              to={`/projects/${p.token}`}
              className="btn-primary mt-4 w-full sm:w-auto"
              aria-label={`Open project ${p.name}`}
            >
              Open project
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BookingsSection({ bookings }: { bookings: AccountOverview["bookings"] }) {
  const { business } = useRootData();
  return (
    <section aria-labelledby="account-bookings" className="mt-10">
      <h2 id="account-bookings" className="text-2xl font-bold">
        Booked visits
      </h2>
      {bookings.length === 0 ? (
        <Empty>No visits booked online under this email.</Empty>
      ) : (
        <ul className="mt-4 grid gap-4 md:grid-cols-2">
          {bookings.map((b) => (
            <li key={b.reference} className="card" data-testid="account-booking">
              <h3 className="text-lg font-semibold">
                <time dateTime={`${b.date}T${b.start}`}>{b.when}</time>
              </h3>
              <p className="mt-1">{b.statusLabel}</p>
              {b.changeable ? (
                <Link
                  to={`/bookings/${b.reference}`}
                  className="btn-secondary mt-4 w-full sm:w-auto"
                  aria-label={`Move or cancel the visit on ${b.when}`}
                >
                  Move or cancel
                </Link>
              ) : b.callToChange ? (
                <p className="mt-2 text-muted">
                  To change it now, call us at{" "}
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

function ReviewsSection({ orders }: { orders: AccountOverview["orders"] }) {
  const completed = orders.filter((o) => o.status === "completed");
  if (completed.length === 0) return null;
  return (
    <section aria-labelledby="account-reviews" className="mt-10">
      <h2 id="account-reviews" className="text-2xl font-bold">
        Reviews to write
      </h2>
      <ul className="mt-4 space-y-2">
        {completed.map((o) => (
          <li key={o.reference}>
            <Link to="/#review-form" className="underline">
              Review order #{o.orderNumber}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AccountOverviewSections({ overview }: { overview: AccountOverview }) {
  return (
    <>
      <OrdersSection orders={overview.orders} />
      <QuotesSection quotes={overview.quotes} />
      <ProjectsSection projects={overview.projects} />
      <BookingsSection bookings={overview.bookings} />
      <ReviewsSection orders={overview.orders} />
    </>
  );
}
