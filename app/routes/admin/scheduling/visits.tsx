/**
 * /admin/visits: the installer's day on his phone: today's visits, each one tap
 * away from its job card. An installer sees only his own; others see everyone's. Today by
 * default, another day with ?date=.
 */
import { useEffect } from "react";
import { Link, useLoaderData } from "react-router";
import {
  addDays,
  formatVisitDate,
  isIsoDate,
  storeToday,
} from "../../../../domain/scheduling/visit-time";
import { AdminError } from "../../../components/admin/admin-error";
import { noStoreHeaders, requireAdmin } from "../../../components/admin/admin-route";
import { keepForOffline } from "../../../components/admin/offline-pages";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/visits";

export const meta = () => adminMeta("My visits");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context, "routes/admin/scheduling/visits.tsx");
  const asked = new URL(request.url).searchParams.get("date") ?? "";
  const today = storeToday();
  const date = isIsoDate(asked) ? asked : today;
  const own = context.services.fieldAccess.visitFilter(session);
  const visits = await context.services.visits.listVisits({ from: date, to: date, staffId: own });
  return {
    date,
    today,
    visits: visits.filter((v) => v.status !== "cancelled"),
    offlineWeek: date === today ? await offlineWeek(context, today, own) : null,
  };
}

/** Today's and the next 6 days' pages and job cards, kept for offline use (decision 582). */
async function offlineWeek(
  context: Route.LoaderArgs["context"],
  today: string,
  staffId: number | undefined,
): Promise<string[]> {
  const days = Array.from({ length: 7 }, (_, i) => addDays(today, i));
  const week = await context.services.visits.listVisits({
    from: today,
    to: addDays(today, 6),
    staffId,
  });
  return [
    "/admin/visits",
    ...days.map((d) => `/admin/visits?date=${d}`),
    ...week.filter((v) => v.status !== "cancelled").map((v) => `/admin/visits/${v.id}`),
  ];
}

export default function AdminVisits() {
  const { date, today, visits, offlineWeek } = useLoaderData<typeof loader>();
  useEffect(() => {
    if (offlineWeek) void keepForOffline(offlineWeek);
  }, [offlineWeek]);
  return (
    <div className="container-page py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">
        {date === today ? "Today's visits" : "Visits"} · {formatVisitDate(date)}
      </h1>
      <nav aria-label="Day" className="mt-3 flex gap-3">
        <Link to={`/admin/visits?date=${addDays(date, -1)}`} className="btn-secondary">
          Previous day
        </Link>
        {date !== today ? (
          <Link to="/admin/visits" className="btn-secondary">
            Today
          </Link>
        ) : null}
        <Link to={`/admin/visits?date=${addDays(date, 1)}`} className="btn-secondary">
          Next day
        </Link>
      </nav>
      {visits.length === 0 ? (
        <p className="mt-6 text-muted">No visits this day.</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {visits.map((v) => (
            <li key={v.id}>
              <Link
                to={`/admin/visits/${v.id}`}
                className="card flex min-h-11 flex-col gap-1 hover:border-primary"
              >
                <span className="text-lg font-semibold">
                  {v.start}–{v.end} · {v.kindLabel}
                </span>
                <span>
                  {v.orderNumber !== null
                    ? `Order #${v.orderNumber}`
                    : v.source === "online"
                      ? "Booked online"
                      : "Booked by the office"}{" "}
                  · {v.customerName}
                </span>
                <span className="text-sm text-muted">
                  {v.address} · {v.statusLabel}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading visits" />;
}
