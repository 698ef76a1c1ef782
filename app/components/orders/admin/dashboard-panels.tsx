import { Link } from "react-router";
import { formatShortDate, formatTimeWindow } from "../../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../../domain/shared/money";
import type { Dashboard, InstallerHome } from "../../../../server/services/orders/dashboard";
import type { VisitView } from "../../../../server/services/scheduling/visits";
import { formatDateTime } from "../../admin/admin-route";
import { WeeklyBars } from "./weekly-chart";

/** How many of the newest estimate and sample requests the dashboard lists. */
export const LEADS_SHOWN = 5;

export interface DashboardLeads {
  estimates: {
    id: number;
    name: string;
    city: string;
    phone: string;
    windowCount: number;
    photoCount: number;
    createdAt: string;
  }[];
  samples: { id: number; name: string; city: string; items: string[]; createdAt: string }[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** New estimate and sample requests: the leads the owner calls back first. */
export function LeadsPanel({
  leads,
  counts,
}: {
  leads: DashboardLeads;
  counts: { estimates: number; samples: number };
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="new-estimates" className="card">
        <h2 id="new-estimates" className="mb-3 text-xl font-semibold">
          {`New estimate requests (${counts.estimates})`}
        </h2>
        {leads.estimates.length === 0 ? (
          <p className="text-sm text-muted">No new estimate requests.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {leads.estimates.map((e) => (
              <li key={e.id} className="border-t border-line pt-2 first:border-0 first:pt-0">
                <Link
                  to={`/admin/estimates/${e.id}`}
                  className="font-semibold text-primary underline"
                >
                  {`${e.name}, ${e.city}`}
                </Link>
                <span className="block text-muted">
                  {[
                    plural(e.windowCount, "window"),
                    e.photoCount ? plural(e.photoCount, "photo") : "no photos",
                    formatDateTime(e.createdAt),
                  ].join(" · ")}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link to="/admin/estimates" className="btn-secondary mt-4">
          All estimate requests
        </Link>
      </section>
      <section aria-labelledby="new-samples" className="card">
        <h2 id="new-samples" className="mb-3 text-xl font-semibold">
          {`New sample requests (${counts.samples})`}
        </h2>
        {leads.samples.length === 0 ? (
          <p className="text-sm text-muted">No new sample requests.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {leads.samples.map((r) => (
              <li key={r.id} className="border-t border-line pt-2 first:border-0 first:pt-0">
                <span className="font-semibold">{`${r.name}, ${r.city}`}</span>
                <span className="block text-muted">
                  {`${r.items.join(", ")} · ${formatDateTime(r.createdAt)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Link to="/admin/samples" className="btn-secondary mt-4">
          All sample requests
        </Link>
      </section>
    </div>
  );
}

function Figure({ label, value, to }: { label: string; value: string; to: string }) {
  return (
    <li className="card p-4">
      <Link to={to} className="block min-h-11 text-primary hover:underline">
        <span className="block text-sm text-muted">{label}</span>
        <span className="block text-2xl font-bold text-ink">{value}</span>
      </Link>
    </li>
  );
}

function VisitList({
  visits,
  empty,
  toSheet = false,
}: {
  visits: VisitView[];
  empty: string;
  /** Link each visit to its job card (an installer does not open orders; decision 223). */
  toSheet?: boolean;
}) {
  if (visits.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="space-y-2 text-sm">
      {visits.map((v) => (
        <li key={v.id} className="border-t border-line pt-2 first:border-0 first:pt-0">
          <Link
            to={
              toSheet || v.orderId === null ? `/admin/visits/${v.id}` : `/admin/orders/${v.orderId}`
            }
            className="font-semibold text-primary underline"
          >
            {formatShortDate(v.date)}, {formatTimeWindow(v.start, v.end)} · {v.kindLabel}
          </Link>
          <span className="block text-muted">
            {v.customerName}, {v.address} · {v.staffName ?? "Not assigned"}
            {v.overlapsWith.length ? " · overlaps another visit" : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** An installer's dashboard: his own visits, each linked to its job card, and what comes next. */
export function OwnVisitsPanels({ data }: { data: InstallerHome }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="today-visits" className="card">
        <h2 id="today-visits" className="mb-3 text-xl font-semibold">
          My visits today
        </h2>
        <VisitList visits={data.todaysVisits} empty="No visits today." toSheet />
      </section>
      <section aria-labelledby="week-visits" className="card">
        <h2 id="week-visits" className="mb-3 text-xl font-semibold">
          My visits this week
        </h2>
        <VisitList visits={data.weeksVisits} empty="No visits this week." toSheet />
      </section>
      <section aria-labelledby="next-visits" className="card lg:col-span-2">
        <h2 id="next-visits" className="mb-3 text-xl font-semibold">
          My next visits
        </h2>
        <VisitList visits={data.upcoming} empty="Nothing booked after this week yet." toSheet />
        <Link to="/admin/schedule" className="btn-secondary mt-4">
          Open my schedule
        </Link>
      </section>
    </div>
  );
}

/**
 * Money left to settle: orders installed with a balance still due (and the installer's reason),
 * and refunds the store owes, each until the payment or the refund is recorded.
 */
function MoneyToSettle({ data }: { data: Dashboard }) {
  const { installedBalanceDue, refundsDue } = data;
  if (installedBalanceDue.length === 0 && refundsDue.length === 0) return null;
  return (
    <section aria-labelledby="money-to-settle" className="card">
      <h2 id="money-to-settle" className="mb-3 text-xl font-semibold">
        Money to settle
      </h2>
      <ul className="divide-y divide-line">
        {installedBalanceDue.map((o) => (
          <li key={`due-${o.orderId}`} className="py-2">
            <Link
              to={`/admin/orders/${o.orderId}`}
              className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-2"
            >
              Order #{o.orderNumber}
            </Link>{" "}
            installed, balance due {formatMoney(o.balanceDueCents)}
            {o.reason ? <span className="block text-sm text-muted">{o.reason}</span> : null}
          </li>
        ))}
        {refundsDue.map((o) => (
          <li key={`refund-${o.orderId}`} className="py-2">
            <Link
              to={`/admin/orders/${o.orderId}`}
              className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-2"
            >
              Order #{o.orderNumber}
            </Link>{" "}
            refund due {formatMoney(o.refundDueCents)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The dashboard above the orders list. */
export function DashboardPanels({ data, leads }: { data: Dashboard; leads?: React.ReactNode }) {
  return (
    <div className="space-y-6">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Figures">
        <Figure
          label="Awaiting confirmation"
          value={String(data.awaitingConfirmation)}
          to="/admin/orders?status=pending"
        />
        <Figure
          label={`Balance outstanding (${data.outstanding.orders} order${data.outstanding.orders === 1 ? "" : "s"})`}
          value={formatMoney(data.outstanding.amountCents)}
          to="/admin/orders"
        />
        <Figure
          label="Visits this week"
          value={String(data.weeksVisitCount)}
          to="/admin/schedule"
        />
        <Figure label="Pending reviews" value={String(data.pendingReviews)} to="/admin/reviews" />
        <Figure label="New messages" value={String(data.newMessages)} to="/admin/messages" />
        <Figure label="Unread texts" value={String(data.unreadTexts)} to="/admin/texts" />
        <Figure
          label="New estimate requests"
          value={String(data.newEstimates)}
          to="/admin/estimates"
        />
        <Figure label="New sample requests" value={String(data.newSamples)} to="/admin/samples" />
      </ul>
      {leads}
      <MoneyToSettle data={data} />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="today-visits" className="card">
          <h2 id="today-visits" className="mb-3 text-xl font-semibold">
            Today's visits
          </h2>
          <VisitList visits={data.todaysVisits} empty="No visits today." />
        </section>
        <section aria-labelledby="week-visits" className="card">
          <h2 id="week-visits" className="mb-3 text-xl font-semibold">
            This week's visits
          </h2>
          <VisitList visits={data.weeksVisits} empty="No visits this week." />
          {data.weeksVisitCount > data.weeksVisits.length ? (
            <p className="mt-2 text-sm text-muted">
              The first {data.weeksVisits.length} of {data.weeksVisitCount}: the schedule shows them
              all.
            </p>
          ) : null}
          <Link to="/admin/schedule" className="btn-secondary mt-4">
            Open the schedule
          </Link>
        </section>
      </div>
      <section aria-labelledby="weeks-title" className="card">
        <h2 id="weeks-title" className="mb-3 text-xl font-semibold">
          The last 12 weeks
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          <WeeklyBars
            title="Orders placed per week"
            points={data.weeks.map((w) => ({ weekStart: w.weekStart, value: w.orders }))}
            format={(n) => `${n} order${n === 1 ? "" : "s"}`}
          />
          <WeeklyBars
            title="Revenue received per week"
            points={data.weeks.map((w) => ({ weekStart: w.weekStart, value: w.revenueCents }))}
            format={formatMoney}
          />
        </div>
        <details className="mt-4">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-primary">
            The figures as a table
          </summary>
          <div className="overflow-x-auto">
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">Orders and revenue per week, last 12 weeks</caption>
              <thead>
                <tr className="border-b border-line text-left">
                  <th scope="col" className="py-1 pr-3">
                    Week of
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right">
                    Orders
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right">
                    Order value
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Revenue received
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.weeks.map((w) => (
                  <tr key={w.weekStart} className="border-b border-line">
                    <th scope="row" className="py-1 pr-3 text-left font-normal">
                      {formatShortDate(w.weekStart)}
                    </th>
                    <td className="py-1 pr-3 text-right">{w.orders}</td>
                    <td className="py-1 pr-3 text-right">{formatMoney(w.orderValueCents)}</td>
                    <td className="py-1 text-right">{formatMoney(w.revenueCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>
    </div>
  );
}
