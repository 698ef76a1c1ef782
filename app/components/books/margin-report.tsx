/**
 * /admin/reports' margin part (decision 560): what the period's completed orders earned, per
 * month as an accessible SVG bar chart (with the figures in words), and per order, product line
 * and installer as tables; then the bookkeeper's journals (decision 562) with a preview of their
 * first entries and the three downloads.
 */

import { useId } from "react";
import type { JournalEntry } from "../../../domain/books/journal";
import { JOURNAL_ACCOUNTS } from "../../../domain/books/journal";
import type { MarginFigures } from "../../../domain/books/margin";
import { formatMoney } from "../../../domain/shared/money";
import { ScrollRegion } from "../scroll-region";

interface MarginReportData {
  orders: (MarginFigures & { orderId: number; orderNumber: number; completedOn: string })[];
  totals: MarginFigures;
  productLines: {
    productType: string;
    revenueCents: number;
    productCostCents: number;
    marginCents: number;
  }[];
  installers: {
    staffId: number | null;
    name: string;
    visits: number;
    minutes: number;
    laborCents: number;
    commissionCents: number;
  }[];
  months: (MarginFigures & { month: string; orders: number })[];
}

const WIDTH = 640;
const HEIGHT = 220;
const BOTTOM = 32;
const TOP = 24;

function MarginChart({ months }: { months: MarginReportData["months"] }) {
  const id = useId();
  const max = Math.max(1, ...months.map((m) => Math.max(m.revenueCents, m.marginCents)));
  const slot = (WIDTH - 16) / Math.max(1, months.length);
  const bar = Math.min(36, slot * 0.35);
  const plot = HEIGHT - BOTTOM - TOP;
  const words = months
    .map(
      (m) =>
        `${m.month}: revenue ${formatMoney(m.revenueCents)}, margin ${formatMoney(m.marginCents)}`,
    )
    .join("; ");
  const height = (cents: number) => Math.max(0, Math.round((cents / max) * plot));
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="mt-4 h-auto w-full max-w-3xl"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>Revenue and margin per month</title>
      <desc id={`${id}-desc`}>{words || "No completed orders in this period."}</desc>
      <line x1={8} x2={WIDTH - 8} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} stroke="#52606d" />
      {months.map((m, i) => {
        const x = 8 + i * slot + slot / 2 - bar;
        return (
          <g key={m.month}>
            <rect
              x={x}
              y={HEIGHT - BOTTOM - height(m.revenueCents)}
              width={bar}
              height={height(m.revenueCents)}
              fill="#1d4e5f"
            />
            <rect
              x={x + bar}
              y={HEIGHT - BOTTOM - height(m.marginCents)}
              width={bar}
              height={height(m.marginCents)}
              fill="#3f8f5a"
            />
            <text
              x={x + bar}
              y={HEIGHT - BOTTOM + 20}
              textAnchor="middle"
              fontSize="13"
              fill="#52606d"
            >
              {m.month}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Money({ cents }: { cents: number }) {
  return <td className="py-1 pl-3 text-right tabular-nums">{formatMoney(cents)}</td>;
}

function FiguresHead({ first }: { first: string }) {
  return (
    <thead>
      <tr className="text-left text-muted">
        <th scope="col" className="py-1">
          {first}
        </th>
        {["Revenue", "Product cost", "Labor", "Commission", "Margin"].map((h) => (
          <th key={h} scope="col" className="py-1 pl-3 text-right">
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function FiguresCells({ f }: { f: MarginFigures }) {
  return (
    <>
      <Money cents={f.revenueCents} />
      <Money cents={f.productCostCents} />
      <Money cents={f.laborCents} />
      <Money cents={f.commissionCents} />
      <Money cents={f.marginCents} />
    </>
  );
}

export function MarginReport({ margin, qs }: { margin: MarginReportData; qs: string }) {
  return (
    <section aria-labelledby="report-margin" className="card mt-6">
      <h2 id="report-margin" className="text-xl font-bold">
        Margin of the completed orders
      </h2>
      <p className="mt-1 text-sm text-muted">
        Revenue is the total less tax; the margin is revenue less product cost, installers' time and
        commission. <a href={`/api/admin/reports/margin?${qs}`}>As JSON</a>
      </p>
      <MarginChart months={margin.months} />
      <p className="text-sm text-muted">Dark bars: revenue; green bars: margin.</p>
      <ScrollRegion label="Margin per month">
        <table className="w-full text-sm">
          <caption className="text-left font-semibold">Per month</caption>
          <FiguresHead first="Month" />
          <tbody>
            {margin.months.map((m) => (
              <tr key={m.month}>
                <th scope="row" className="py-1 text-left font-normal">
                  {m.month} ({m.orders})
                </th>
                <FiguresCells f={m} />
              </tr>
            ))}
            <tr className="border-t font-semibold">
              <th scope="row" className="py-1 text-left">
                Total
              </th>
              <FiguresCells f={margin.totals} />
            </tr>
          </tbody>
        </table>
      </ScrollRegion>
      <ScrollRegion label="Margin per order">
        <table className="w-full text-sm">
          <caption className="text-left font-semibold">Per order</caption>
          <FiguresHead first="Order" />
          <tbody>
            {margin.orders.map((o) => (
              <tr key={o.orderId}>
                <th scope="row" className="py-1 text-left font-normal">
                  <a href={`/admin/orders/${o.orderId}`}>#{o.orderNumber}</a>
                </th>
                <FiguresCells f={o} />
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <table className="w-full text-sm">
          <caption className="text-left font-semibold">
            Per product line (before labor and commission)
          </caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col">Product</th>
              <th scope="col" className="pl-3 text-right">
                Revenue
              </th>
              <th scope="col" className="pl-3 text-right">
                Cost
              </th>
              <th scope="col" className="pl-3 text-right">
                Margin
              </th>
            </tr>
          </thead>
          <tbody>
            {margin.productLines.map((p) => (
              <tr key={p.productType}>
                <th scope="row" className="py-1 text-left font-normal">
                  {p.productType}
                </th>
                <Money cents={p.revenueCents} />
                <Money cents={p.productCostCents} />
                <Money cents={p.marginCents} />
              </tr>
            ))}
          </tbody>
        </table>
        <table className="w-full text-sm">
          <caption className="text-left font-semibold">Per installer</caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col">Person</th>
              <th scope="col" className="pl-3 text-right">
                Visits
              </th>
              <th scope="col" className="pl-3 text-right">
                Hours
              </th>
              <th scope="col" className="pl-3 text-right">
                Labor
              </th>
              <th scope="col" className="pl-3 text-right">
                Commission
              </th>
            </tr>
          </thead>
          <tbody>
            {margin.installers.map((i) => (
              <tr key={String(i.staffId)}>
                <th scope="row" className="py-1 text-left font-normal">
                  {i.name}
                </th>
                <td className="py-1 pl-3 text-right tabular-nums">{i.visits}</td>
                <td className="py-1 pl-3 text-right tabular-nums">{(i.minutes / 60).toFixed(2)}</td>
                <Money cents={i.laborCents} />
                <Money cents={i.commissionCents} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The first entries of the period's journal, as every export prints them, and the downloads. */
export function JournalPreview({
  entries,
  count,
  qs,
}: {
  entries: JournalEntry[];
  count: number;
  qs: string;
}) {
  return (
    <section aria-labelledby="report-journal" className="card mt-6">
      <h2 id="report-journal" className="text-xl font-bold">
        For the bookkeeper: journals
      </h2>
      <p className="mt-1 text-sm text-muted">
        {count} {count === 1 ? "entry" : "entries"}: each order placed, payment and refund of the
        period; every entry balances.
      </p>
      <p className="mt-3 flex flex-wrap gap-2">
        <a className="btn-secondary" href={`/api/admin/reports/export?format=qbo&${qs}`} download>
          QuickBooks Online CSV
        </a>
        <a className="btn-secondary" href={`/api/admin/reports/export?format=xero&${qs}`} download>
          Xero CSV
        </a>
        <a className="btn-secondary" href={`/api/admin/reports/export?format=iif&${qs}`} download>
          QuickBooks Desktop IIF
        </a>
      </p>
      <ScrollRegion label="Journal preview">
        <table className="w-full text-sm">
          <caption className="text-left font-semibold">Preview (first {entries.length})</caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col">Entry</th>
              <th scope="col">Date</th>
              <th scope="col">Name</th>
              <th scope="col">Account</th>
              <th scope="col" className="pl-3 text-right">
                Debit
              </th>
              <th scope="col" className="pl-3 text-right">
                Credit
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.flatMap((e) =>
              e.lines.map((l, i) => (
                <tr key={`${e.number}-${l.account}`} className={i === 0 ? "border-t" : undefined}>
                  <td className="py-1">{i === 0 ? e.number : ""}</td>
                  <td className="py-1">{i === 0 ? e.date : ""}</td>
                  <td className="py-1">{i === 0 ? e.name : ""}</td>
                  <td className="py-1">{JOURNAL_ACCOUNTS[l.account].name}</td>
                  <td className="py-1 pl-3 text-right tabular-nums">
                    {l.cents > 0 ? formatMoney(l.cents) : ""}
                  </td>
                  <td className="py-1 pl-3 text-right tabular-nums">
                    {l.cents < 0 ? formatMoney(-l.cents) : ""}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
