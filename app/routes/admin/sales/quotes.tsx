/**
 * /admin/quotes: quotes by status (draft, sent, viewed, accepted, declined,
 * expired, cancelled) with their value, and "New quote". An installer sees his own.
 */
import { Link, useLoaderData } from "react-router";
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES } from "../../../../domain/sales/quote";
import { quotesQuerySchema } from "../../../../domain/sales/quote-schema";
import { formatVisitDate } from "../../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../../domain/shared/money";
import { AdminError } from "../../../components/admin/admin-error";
import { noStoreHeaders, requireAdmin } from "../../../components/admin/admin-route";
import { loadOrThrow } from "../../../lib/admin-route.server";
import { parseInput, readQuery } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/quotes";

export const meta = () => adminMeta("Quotes");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context, "routes/admin/sales/quotes.tsx");
  return loadOrThrow(context, async () => {
    const { status } = parseInput(quotesQuerySchema, readQuery(request));
    const all = await context.services.quotes.list("all", session);
    const byStatus = QUOTE_STATUSES.map((s) => {
      const of = all.filter((q) => q.status === s);
      return { status: s, count: of.length, valueCents: of.reduce((n, q) => n + q.totalCents, 0) };
    });
    return {
      status,
      byStatus,
      quotes: status === "all" ? all : all.filter((q) => q.status === status),
    };
  });
}

export default function AdminQuotes() {
  const { status, byStatus, quotes } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Quotes</h1>
        <Link
          to="/admin/quotes/new"
          className="btn-primary w-full py-4 text-center text-lg sm:w-auto"
        >
          New quote
        </Link>
      </div>
      <nav aria-label="Quotes by status" className="mt-4">
        <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 sm:flex-wrap">
          <li>
            <StatusLink to="/admin/quotes" current={status === "all"} label="All" />
          </li>
          {byStatus.map((s) => (
            <li key={s.status}>
              <StatusLink
                to={`/admin/quotes?status=${s.status}`}
                current={status === s.status}
                label={`${QUOTE_STATUS_LABELS[s.status]} ${s.count} · ${formatMoney(s.valueCents)}`}
              />
            </li>
          ))}
        </ul>
      </nav>
      {quotes.length === 0 ? (
        <p className="card mt-4">No quotes here yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-line rounded-lg border border-line bg-white">
          {quotes.map((q) => (
            <li key={q.id}>
              <Link
                to={`/admin/quotes/${q.id}`}
                className="flex min-h-14 flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 hover:bg-surface"
              >
                <span className="font-semibold">
                  {q.label} · {q.customerName}
                  <span className="block text-sm font-normal text-muted">
                    {q.city} · valid through {formatVisitDate(q.validUntil)}
                  </span>
                </span>
                <span className="text-right">
                  <span className="block font-semibold">{formatMoney(q.totalCents)}</span>
                  <span className="text-sm">{q.statusLabel}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function StatusLink({ to, current, label }: { to: string; current: boolean; label: string }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-md border px-3 font-medium ${
        current ? "border-primary bg-primary text-white" : "border-line bg-white"
      }`}
    >
      {label}
    </Link>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading quotes" />;
}
