/**
 * /admin/schedule (issue 11 item 2): one week of visits as a day list (what an installer reads
 * on a phone) and at a glance per staff member; overlapping visits of one person flagged; each
 * visit links to its order and installation sheet. Staff members and their private calendar
 * feeds are managed below.
 */
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { STAFF_ROLE_LABELS, STAFF_ROLES, staffCreateSchema } from "../../domain/back-office-schema";
import {
  addDays,
  formatShortDate,
  formatTimeWindow,
  formatVisitDate,
  isIsoDate,
  startOfWeek,
  storeToday,
} from "../../domain/visit-time";
import type { VisitView } from "../../server/services/visits";
import { AdminError } from "../components/admin/admin-error";
import { field, numberField } from "../components/admin/admin-form.server";
import { noStoreHeaders, requireAdmin } from "../components/admin/admin-route";
import { runAction } from "../lib/admin-route.server";
import { AppError, parseInput, readForm } from "../lib/form-input.server";
import type { Route } from "./+types/admin.schedule";

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const asked = new URL(request.url).searchParams.get("week") ?? "";
  const today = storeToday();
  const weekStart = startOfWeek(isIsoDate(asked) ? asked : today);
  const { visits, staff } = context.services;
  const [week, people] = await Promise.all([
    visits.listVisits({ from: weekStart, to: addDays(weekStart, 6) }),
    staff.listStaff(),
  ]);
  return { today, weekStart, visits: week, staff: people };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const { staff, visits } = context.services;
  return runAction(context, async () => {
    const form = await readForm(request);
    const intent = field(form, "intent");
    if (intent === "add-staff") {
      const input = parseInput(staffCreateSchema, {
        name: field(form, "name"),
        email: field(form, "email"),
        role: field(form, "role"),
      });
      await staff.addStaff(input);
      return `${input.name} added.`;
    }
    const staffId = numberField(form, "staffId") ?? 0;
    if (intent === "create-feed") {
      const { url } = await visits.createCalendarFeed(staffId);
      return `Calendar link (copy it now; it is shown only once): ${url}`;
    }
    if (intent === "revoke-feed") {
      await visits.revokeCalendarFeed(staffId);
      return "Calendar link revoked.";
    }
    throw new AppError("bad_request", "Unknown action.");
  });
}

export function meta() {
  return [{ title: "Schedule | Admin" }, { name: "robots", content: "noindex" }];
}

function VisitCard({ visit }: { visit: VisitView }) {
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
      <p className="text-sm text-muted">{visit.staffName ?? "Not assigned"}</p>
      <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
        <Link
          to={`/admin/orders/${visit.orderId}`}
          className="inline-flex min-h-11 items-center text-primary underline"
        >
          Order {visit.orderReference}
        </Link>
        <Link
          to={`/admin/orders/${visit.orderId}/sheet`}
          className="inline-flex min-h-11 items-center text-primary underline"
        >
          Installation sheet
          <span className="sr-only"> for order {visit.orderReference}</span>
        </Link>
      </p>
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
                        to={`/admin/orders/${v.orderId}`}
                        className={`mb-1 block rounded px-1 underline ${v.overlapsWith.length ? "bg-danger/10 font-semibold text-danger" : "text-primary"}`}
                      >
                        {formatTimeWindow(v.start, v.end)}{" "}
                        {v.kind === "install" ? "Install" : "Measure"}
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
  const { today, weekStart, visits, staff } = useLoaderData<typeof loader>();
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
    { key: "none", name: "Not assigned", visits: visits.filter((v) => v.staffId === null) },
  ];
  const overlaps = visits.filter((v) => v.overlapsWith.length > 0).length;
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">Schedule</h1>
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

      {result ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={`mt-4 rounded-md border bg-white px-4 py-3 font-medium break-all ${
            result.ok ? "border-success text-success" : "border-danger text-danger"
          }`}
        >
          {result.ok ? result.message : result.error}
        </p>
      ) : null}

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
                      <VisitCard key={v.id} visit={v} />
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

      <section aria-labelledby="staff-title" className="card mt-8">
        <h2 id="staff-title" className="text-2xl font-bold">
          Staff and calendar links
        </h2>
        <p className="mt-1 text-sm text-muted">
          A calendar link lets a phone's calendar app show that person's visits. Anyone holding the
          link can read them: make a new one (the old one stops) or revoke it if it leaks.
        </p>
        {staff.length ? (
          <ul className="mt-4 space-y-3">
            {staff.map((s) => (
              <li
                key={s.id}
                className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3"
              >
                <span>
                  <span className="font-semibold">{s.name}</span> · {s.roleLabel} ·{" "}
                  <span className="break-all">{s.email}</span>
                  {s.hasCalendarFeed ? " · calendar link active" : ""}
                </span>
                <span className="flex flex-wrap gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="create-feed" />
                    <input type="hidden" name="staffId" value={s.id} />
                    <button type="submit" className="btn-secondary" disabled={busy}>
                      {s.hasCalendarFeed ? "New calendar link" : "Calendar link"}
                      <span className="sr-only"> for {s.name}</span>
                    </button>
                  </Form>
                  {s.hasCalendarFeed ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke-feed" />
                      <input type="hidden" name="staffId" value={s.id} />
                      <button type="submit" className="btn-secondary" disabled={busy}>
                        Revoke<span className="sr-only"> the calendar link of {s.name}</span>
                      </button>
                    </Form>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm">No staff yet: add the installers to assign them visits.</p>
        )}
        <Form
          method="post"
          className="mt-6 grid gap-3 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="add-staff" />
          <div>
            <label htmlFor="staff-name" className="field-label">
              Name
            </label>
            <input id="staff-name" name="name" required maxLength={100} className="field" />
          </div>
          <div>
            <label htmlFor="staff-email" className="field-label">
              Email
            </label>
            <input
              id="staff-email"
              name="email"
              type="email"
              required
              maxLength={254}
              className="field"
            />
          </div>
          <div>
            <label htmlFor="staff-role" className="field-label">
              Role
            </label>
            <select id="staff-role" name="role" defaultValue="installer" className="field">
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {STAFF_ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Add staff member
          </button>
        </Form>
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the schedule" />;
}
