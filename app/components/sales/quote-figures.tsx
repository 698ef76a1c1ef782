/** The dashboard's quote figures: this month's sent and accepted, close rate, waiting. */
import { Link } from "react-router";
import { formatMoney } from "../../../domain/shared/money";

export interface QuoteFiguresData {
  sentThisMonth: number;
  acceptedThisMonth: number;
  closeRate: number | null;
  waitingCount: number;
  waitingCents: number;
}

export function QuoteFigures({ figures }: { figures: QuoteFiguresData }) {
  const cells: [string, string][] = [
    ["Quotes sent this month", String(figures.sentThisMonth)],
    ["Accepted this month", String(figures.acceptedThisMonth)],
    ["Close rate", figures.closeRate === null ? "—" : `${figures.closeRate} %`],
    ["Waiting for an answer", `${figures.waitingCount} · ${formatMoney(figures.waitingCents)}`],
  ];
  return (
    <section aria-labelledby="quote-figures-title">
      <h2 id="quote-figures-title" className="text-2xl font-bold">
        <Link to="/admin/quotes" className="hover:underline">
          Quotes
        </Link>
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cells.map(([label, value]) => (
          <div key={label} className="card">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="mt-1 text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
