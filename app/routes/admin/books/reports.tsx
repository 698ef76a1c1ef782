/**
 * /admin/reports (owners, decision 232): the books for a month or a quarter: orders placed and
 * completed, money received by method, refunds, today's deposits held and balance outstanding,
 * payments per week, the sales tax laid out like Florida's DR-15, the CSVs, the completed orders'
 * margin and the bookkeeper's journals (decisions 560, 562).
 */

import { Form, Link, useLoaderData } from "react-router";
import {
  monthOf,
  previousMonth,
  previousQuarter,
  quarterOf,
  type ReportPeriod,
  reportPeriodSchema,
} from "../../../../domain/books/books-schema";
import { storeToday } from "../../../../domain/scheduling/visit-time";
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
} from "../../../../domain/shared/back-office-schema";
import { formatMoney } from "../../../../domain/shared/money";
import { noStoreHeaders, requireAdmin } from "../../../components/admin/admin-route";
import { JournalPreview, MarginReport } from "../../../components/books/margin-report";
import { PaymentsChart } from "../../../components/books/payments-chart";
import { ScrollRegion } from "../../../components/scroll-region";
import { loadOrThrow } from "../../../lib/admin-route.server";
import { readQuery } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/reports";

export const meta = () => adminMeta("Reports");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "routes/admin/books/reports.tsx");
  const today = storeToday();
  const query = readQuery(request);
  const asked = query.from !== undefined || query.to !== undefined;
  const parsed = reportPeriodSchema.safeParse(query);
  const period: ReportPeriod = parsed.success ? parsed.data : previousMonth(today);
  const report = await loadOrThrow(context, () => context.services.books.report(period));
  const margin = await context.services.margins.report(period);
  const journal = await context.services.booksExport.journal(period);
  return {
    report,
    margin,
    journal: { entries: journal.slice(0, 8), count: journal.length },
    shortcuts: [
      { label: "Last month", ...previousMonth(today) },
      { label: "This month", ...monthOf(today) },
      { label: "Last quarter", ...previousQuarter(today) },
      { label: "This quarter", ...quarterOf(today) },
    ],
    invalid:
      asked && !parsed.success ? (parsed.error.issues[0]?.message ?? "Invalid dates.") : null,
  };
}

const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const day = (date: string) => DAY.format(new Date(`${date}T12:00:00Z`));

function Row({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <tr className={strong ? "font-semibold" : undefined}>
      <th scope="row" className="py-1.5 pr-4 text-left font-normal">
        {label}
      </th>
      <td className="py-1.5 text-right tabular-nums">{formatMoney(cents)}</td>
    </tr>
  );
}

export default function AdminReports() {
  const { report, margin, journal, shortcuts, invalid } = useLoaderData<typeof loader>();
  const { period, salesTax: t } = report;
  const qs = `from=${period.from}&to=${period.to}`;
  const received = PAYMENT_METHODS.reduce((s, m) => s + report.paymentsCents[m], 0);
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">Reports</h1>
      <p className="mt-1 text-muted">
        {day(period.from)} – {day(period.to)} (store time)
      </p>
      <nav aria-label="Report periods" className="mt-4 flex flex-wrap gap-2">
        {shortcuts.map((s) => (
          <Link
            key={s.label}
            to={`/admin/reports?from=${s.from}&to=${s.to}`}
            className="btn-secondary"
            aria-current={s.from === period.from && s.to === period.to ? "page" : undefined}
          >
            {s.label}
          </Link>
        ))}
      </nav>
      <Form method="get" className="card mt-4 grid gap-4 sm:grid-cols-3 sm:items-end">
        <div>
          <label htmlFor="report-from" className="field-label">
            From
          </label>
          <input
            id="report-from"
            name="from"
            type="date"
            defaultValue={period.from}
            className="field"
          />
        </div>
        <div>
          <label htmlFor="report-to" className="field-label">
            To
          </label>
          <input id="report-to" name="to" type="date" defaultValue={period.to} className="field" />
        </div>
        <button type="submit" className="btn-primary">
          Show report
        </button>
        {invalid ? (
          <p role="alert" className="text-danger sm:col-span-3">
            {invalid}. Showing last month instead.
          </p>
        ) : null}
      </Form>
      <p className="mt-4 flex flex-wrap gap-2">
        <a className="btn-secondary" href={`/api/admin/reports/payments.csv?${qs}`} download>
          Payments CSV
        </a>
        <a className="btn-secondary" href={`/api/admin/reports/summary.csv?${qs}`} download>
          Summary CSV
        </a>
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="report-orders" className="card">
          <h2 id="report-orders" className="text-xl font-bold">
            Orders
          </h2>
          <table className="mt-3 w-full">
            <tbody>
              <tr>
                <th scope="row" className="py-1.5 pr-4 text-left font-normal">
                  Placed ({report.ordersPlaced.count}, not cancelled)
                </th>
                <td className="py-1.5 text-right tabular-nums">
                  {formatMoney(report.ordersPlaced.valueCents)}
                </td>
              </tr>
              <tr>
                <th scope="row" className="py-1.5 pr-4 text-left font-normal">
                  Completed ({report.ordersCompleted.count})
                </th>
                <td className="py-1.5 text-right tabular-nums">
                  {formatMoney(report.ordersCompleted.valueCents)}
                </td>
              </tr>
              <Row label="Deposits held on open orders (today)" cents={report.depositsHeldCents} />
              <Row label="Balance outstanding (today)" cents={report.balanceOutstandingCents} />
              <Row label="Refunds owed back to customers (today)" cents={report.refundsOwedCents} />
            </tbody>
          </table>
        </section>

        <section aria-labelledby="report-money" className="card">
          <h2 id="report-money" className="text-xl font-bold">
            Money received
          </h2>
          <table className="mt-3 w-full">
            <tbody>
              {PAYMENT_METHODS.map((m) => (
                <Row key={m} label={PAYMENT_METHOD_LABELS[m]} cents={report.paymentsCents[m]} />
              ))}
              <Row label="Received" cents={received} strong />
              <Row label="Refunds" cents={-report.refundsCents} />
              <Row label="Net" cents={received - report.refundsCents} strong />
            </tbody>
          </table>
        </section>
      </div>

      <section aria-labelledby="report-weeks" className="card mt-6">
        <h2 id="report-weeks" className="text-xl font-bold">
          Payments per week
        </h2>
        <PaymentsChart weeks={report.weeks} />
        <table className="mt-4 w-full max-w-xl">
          <caption className="sr-only">Payments and refunds per week</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 text-left">
                Week of
              </th>
              <th scope="col" className="py-1 text-right">
                Received
              </th>
              <th scope="col" className="py-1 text-right">
                Refunded
              </th>
            </tr>
          </thead>
          <tbody>
            {report.weeks.map((w) => (
              <tr key={w.weekOf}>
                <th scope="row" className="py-1 text-left font-normal">
                  {day(w.weekOf)}
                </th>
                <td className="py-1 text-right tabular-nums">{formatMoney(w.receivedCents)}</td>
                <td className="py-1 text-right tabular-nums">{formatMoney(w.refundedCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="report-tax" className="card mt-6">
        <h2 id="report-tax" className="text-xl font-bold">
          Sales tax on completed orders (Florida DR-15)
        </h2>
        <ScrollRegion label="DR-15 figures" className="mt-3">
          <table className="w-full min-w-[36rem]">
            <caption className="sr-only">Sales and tax as the DR-15 return asks for them</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 text-left">
                  Line
                </th>
                <th scope="col" className="py-1 text-right">
                  Gross sales
                </th>
                <th scope="col" className="py-1 text-right">
                  Exempt sales
                </th>
                <th scope="col" className="py-1 text-right">
                  Taxable amount
                </th>
                <th scope="col" className="py-1 text-right">
                  Tax collected
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row" className="py-1 text-left font-normal">
                  Sales/services
                </th>
                <td className="py-1 text-right tabular-nums">{formatMoney(t.grossSalesCents)}</td>
                <td className="py-1 text-right tabular-nums">{formatMoney(t.exemptSalesCents)}</td>
                <td className="py-1 text-right tabular-nums">{formatMoney(t.taxableCents)}</td>
                <td className="py-1 text-right tabular-nums">{formatMoney(t.taxCollectedCents)}</td>
              </tr>
            </tbody>
          </table>
        </ScrollRegion>
        <table className="mt-4 w-full max-w-xl">
          <caption className="sr-only">The discretionary sales surtax</caption>
          <tbody>
            <Row label="State sales tax part" cents={t.stateTaxCents} />
            <Row
              label="15(a) Amounts over $5,000 per item (no surtax)"
              cents={t.overSurtaxCapCents}
            />
            <Row
              label="15(b) Taxable amounts not subject to surtax (orders taxed at a flat rate)"
              cents={t.notSubjectToSurtaxCents}
            />
            <Row label="Amount subject to the surtax" cents={t.surtaxableCents} />
            <Row label="15(d) Discretionary sales surtax collected" cents={t.surtaxCents} strong />
          </tbody>
        </table>
        <p className="mt-3 text-sm text-muted">
          Exempt sales are delivery charges, which the store does not tax, and tax-exempt customers'
          orders ({formatMoney(t.taxExemptSalesCents)}, certificates on file). Completed orders are
          counted in the period in which they were last marked completed.
        </p>
      </section>
      <MarginReport margin={margin} qs={qs} />
      <JournalPreview entries={journal.entries} count={journal.count} qs={qs} />
    </div>
  );
}
