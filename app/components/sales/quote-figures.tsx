/** The dashboard's quote figures: this month's sent and accepted, close rate, waiting. */
import { Link } from "react-router";
import { tierLabel } from "../../../domain/sales/quote";
import { formatMoney } from "../../../domain/shared/money";

export interface QuoteFiguresData {
  sentThisMonth: number;
  acceptedThisMonth: number;
  closeRate: number | null;
  waitingCount: number;
  waitingCents: number;
  /** Windows offered in tiers that sold this month, by the tier sold (1 = good). */
  tiersSold: readonly { tier: number; windows: number }[];
}

export function QuoteFigures({ figures }: { figures: QuoteFiguresData }) {
  const cells: [string, string][] = [
    ["Quotes sent this month", String(figures.sentThisMonth)],
    ["Accepted this month", String(figures.acceptedThisMonth)],
    ["Close rate", figures.closeRate === null ? "—" : `${figures.closeRate} %`],
    ["Waiting for an answer", `${figures.waitingCount} · ${formatMoney(figures.waitingCents)}`],
  ];
  const sold = figures.tiersSold.filter((t) => t.windows > 0);
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
      <p className="mt-3">
        <span className="font-semibold">Tier sold this month</span>{" "}
        <span className="text-muted">(windows offered good, better, best): </span>
        {sold.length === 0
          ? "none yet"
          : sold.map((t) => `${tierLabel(t.tier, 3)} ${t.windows}`).join(" · ")}
      </p>
    </section>
  );
}
