/**
 * /admin/schedule: one week of visits as a day list (what an installer reads
 * on a phone) and at a glance per staff member; overlapping visits of one person flagged; each
 * visit links to its job card and, when it has one, its order and installation sheet. Visits
 * booked online are visits like the others, in the same list and grid. An
 * installer sees only his own visits. Staff members and their private calendar feeds are
 * managed at /admin/staff.
 */

import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { roleHas } from "../../../../domain/people/permissions";
import { onMyWaySchema } from "../../../../domain/scheduling/booking-schema";
import {
  addDays,
  formatShortDate,
  formatTimeWindow,
  formatVisitDate,
  isIsoDate,
  startOfWeek,
  storeToday,
} from "../../../../domain/scheduling/visit-time";
import { visitUpdateSchema } from "../../../../domain/shared/back-office-schema";
import type { VisitView } from "../../../../server/services/scheduling/visits";
import { ActionMessage } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import { numberField } from "../../../components/admin/admin-form.server";
import { actorOf, noStoreHeaders, requireAdmin } from "../../../components/admin/admin-route";
import { OnMyWayForm } from "../../../components/scheduling/on-my-way-form";
import { runAction } from "../../../lib/admin-route.server";
import { parseInput, readForm } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/schedule";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context, "routes/admin/scheduling/schedule.tsx");
  const asked = new URL(request.url).searchParams.get("week") ?? "";
  const today = storeToday();
  const weekStart = startOfWeek(isIsoDate(asked) ? asked : today);
  const { visits, staff, fieldAccess } = context.services;
  const range = { from: weekStart, to: addDays(weekStart, 6) };
  // An installer sees his own visits only, and his own row.
  const own = fieldAccess.visitFilter(session);
  const [week, people] = await Promise.all([
    visits.listVisits({ ...range, staffId: own }),
    own === undefined
      ? staff.listStaff()
      : [{ id: session.staffId, name: session.name, active: true }],
  ]);
  return {
    today,
    weekStart,
    visits: week,
    staff: people.map((p) => ({ id: p.id, name: p.name, active: p.active })),
    ownOnly: own !== undefined,
    canOpenOrders: roleHas(session.role, "orders"),
  };
}

/** Marks a visit done (an installer: only his own). */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request, context, "routes/admin/scheduling/schedule.tsx");
  const { visits, fieldAccess, reminders } = context.services;
  return runAction(context, async () => {
    const form = await readForm(request);
    if (form.get("intent") === "on-my-way") {
      const { minutes } = parseInput(onMyWaySchema, { minutes: numberField(form, "minutes") });
      const targetId = numberField(form, "targetId") ?? 0;
      const caller = { ...actorOf(session), staffId: session.staffId, role: session.role };
      await reminders.onMyWayVisit(targetId, minutes, caller);
      return `The customer was told you arrive in about ${minutes} minutes.`;
    }
    const id = numberField(form, "visitId") ?? 0;
    const input = parseInput(visitUpdateSchema, { status: "done" });
    await fieldAccess.assertVisitUpdate(session, id, input);
    const visit = await visits.updateVisit(id, input, actorOf(session));
    return `${visit.kindLabel} of ${visit.when} marked done.`;
  });
}

export const meta = () => adminMeta("Schedule");

export const headers = noStoreHeaders;

/** How a visit is named to a screen reader: its order, or its booking. */
function visitName(visit: VisitView): string {
  if (visit.orderReference !== null) return `order ${visit.orderReference}`;
  return `${visit.customerName}'s visit booked ${visit.source === "online" ? "online" : "by the office"}`;
}

function VisitCard({
  visit,
  canOpenOrders,
  busy,
}: {
  visit: VisitView;
  canOpenOrders: boolean;
  busy: boolean;
}) {
  const overlap = visit.overlapsWith.length > 0;
  return (
    <li
      className={`rounded-lg border p-3 ${overlap ? "border-danger" : "border-line"} ${visit.status === "cancelled" ? "opacity-70" : ""}`}
    >
      <p className="font-semibold">
        {formatTimeWindow(visit.start, visit.end)} · {visit.kindLabel}
        {visit.status !== "scheduled" ? ` (${visit.statusLabel})` : ""}
      </p>
      {overlap ? (
        <p className="font-semibold text-danger">
          Overlaps another visit of {visit.staffName ?? "this person"}
        </p>
      ) : null}
      <p className="text-sm">
        {visit.customerName} ·{" "}
        <a
          href={`tel:${visit.customerPhone.replace(/[^\d+]/g, "")}`}
          className="text-primary underline"
        >
          {visit.customerPhone}
        </a>
      </p>
      <p className="text-sm">{visit.address}</p>
      <p className="text-sm text-muted">
        {visit.staffName ?? "Not assigned"}
        {visit.source === "online" ? " · booked online" : ""}
        {visit.textReminders ? " · texts" : ""}
      </p>
      {visit.note ? <p className="text-sm break-words">Note: {visit.note}</p> : null}
      <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
        {visit.orderId !== null && canOpenOrders ? (
          <Link
            to={`/admin/orders/${visit.orderId}`}
            className="inline-flex min-h-11 items-center text-primary underline"
          >
            Order {visit.orderReference}
          </Link>
        ) : null}
        {visit.orderId !== null ? (
          <Link
            to={`/admin/orders/${visit.orderId}/sheet`}
            className="inline-flex min-h-11 items-center text-primary underline"
          >
            Installation sheet
            <span className="sr-only"> for order {visit.orderReference}</span>
          </Link>
        ) : null}
        <Link
          to={`/admin/visits/${visit.id}`}
          className="inline-flex min-h-11 items-center text-primary underline"
        >
          Job card
          <span className="sr-only"> for {visitName(visit)}</span>
        </Link>
        {visit.estimateRequestId !== null && visit.status !== "cancelled" ? (
          <Link
            to={`/admin/quotes/new?estimateId=${visit.estimateRequestId}`}
            className="inline-flex min-h-11 items-center text-primary underline"
          >
            Start the quote<span className="sr-only"> for {visit.customerName}</span>
          </Link>
        ) : null}
      </p>
      {visit.status === "scheduled" ? (
        <OnMyWayForm id={visit.id} label={`${visit.customerName}, ${visit.when}`} busy={busy} />
      ) : null}
      {visit.status === "scheduled" ? (
        <Form method="post">
          <input type="hidden" name="visitId" value={visit.id} />
          <button type="submit" className="btn-secondary mt-1" disabled={busy}>
            Mark done
            <span className="sr-only">
              : {visit.kindLabel} of {visit.when}
            </span>
          </button>
        </Form>
      ) : null}
    </li>
  );
}

function WeekGrid({
  days,
  rows,
}: {
  days: string[];
  rows: { key: string; name: string; visits: VisitView[] }[];
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption className="sr-only">Visits per staff member and day</caption>
        <thead>
          <tr>
            <th scope="col" className="border border-line p-2 text-left">
              Staff
            </th>
            {days.map((d) => (
              <th key={d} scope="col" className="border border-line p-2 text-left">
                {formatShortDate(d)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="border border-line p-2 text-left align-top">
                {row.name}
              </th>
              {days.map((d) => (
                <td key={d} className="border border-line p-2 align-top">
                  {row.visits
                    .filter((v) => v.date === d && v.status !== "cancelled")
                    .map((v) => (
                      <Link
                        key={v.id}
                        to={
                          v.orderId !== null
                            ? `/admin/orders/${v.orderId}`
                            : `/admin/visits/${v.id}`
                        }
                        className={`mb-1 block rounded px-1 underline ${v.overlapsWith.length ? "bg-danger/10 font-semibold text-danger" : "text-primary"}`}
                      >
                        {formatTimeWindow(v.start, v.end)}{" "}
                        {v.kind === "install" ? "Install" : "Measure"}
                        {v.source === "online" ? " (online)" : ""}
                        {v.overlapsWith.length ? " (overlap)" : ""}
                      </Link>
                    ))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function Schedule() {
  const { today, weekStart, visits, staff, ownOnly, canOpenOrders } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const rows = [
    ...staff
      .filter((s) => s.active || visits.some((v) => v.staffId === s.id))
      .map((s) => ({
        key: String(s.id),
        name: s.name,
        visits: visits.filter((v) => v.staffId === s.id),
      })),
    ...(ownOnly
      ? []
      : [
          {
            key: "none",
            name: "Not assigned",
            visits: visits.filter((v) => v.staffId === null),
          },
        ]),
  ];
  const overlaps = visits.filter((v) => v.overlapsWith.length > 0).length;
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">{ownOnly ? "My schedule" : "Schedule"}</h1>
      <p className="mt-1 text-lg">
        Week of {formatVisitDate(weekStart)}
        {overlaps ? (
          <span className="ml-2 font-semibold text-danger">
            · {overlaps} overlapping visit{overlaps === 1 ? "" : "s"}
          </span>
        ) : null}
      </p>
      <nav aria-label="Weeks" className="mt-4 flex flex-wrap gap-2">
        <Link to={`/admin/schedule?week=${addDays(weekStart, -7)}`} className="btn-secondary">
          Previous week
        </Link>
        <Link to={`/admin/schedule?week=${startOfWeek(today)}`} className="btn-secondary">
          This week
        </Link>
        <Link to={`/admin/schedule?week=${addDays(weekStart, 7)}`} className="btn-secondary">
          Next week
        </Link>
      </nav>

      <ActionMessage result={result} className="mt-4 font-medium" boxed />

      <section aria-labelledby="days-title" className="mt-6">
        <h2 id="days-title" className="text-2xl font-bold">
          Day by day
        </h2>
        <div className="mt-3 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {days.map((d) => {
            const list = visits.filter((v) => v.date === d);
            return (
              <section key={d} aria-labelledby={`day-${d}`} className="card p-4">
                <h3 id={`day-${d}`} className="font-semibold">
                  {formatVisitDate(d)}
                  {d === today ? " (today)" : ""}
                </h3>
                {list.length ? (
                  <ul className="mt-2 space-y-2">
                    {list.map((v) => (
                      <VisitCard key={v.id} visit={v} canOpenOrders={canOpenOrders} busy={busy} />
                    ))}
                  </ul>
                ) : (
                  <p className="mt-2 text-sm text-muted">No visits.</p>
                )}
              </section>
            );
          })}
        </div>
      </section>

      <section aria-labelledby="glance-title" className="card mt-8">
        <h2 id="glance-title" className="mb-3 text-2xl font-bold">
          The week at a glance
        </h2>
        <WeekGrid days={days} rows={rows} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the schedule" />;
}
