/**
 * /admin/storm-days (owners and office, decision 551): close days, see the visits on them with
 * the window proposed for each, "Move all" (one notice per customer), reopen.
 */
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { minutesOf, timeOf } from "../../../../domain/scheduling/booking-windows";
import { closureSchema } from "../../../../domain/scheduling/closures";
import {
  addDays,
  formatTimeWindow,
  formatVisitDate,
  storeToday,
} from "../../../../domain/scheduling/visit-time";
import { ActionMessage } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import { noStoreHeaders } from "../../../components/admin/admin-route";
import { adminRecord, adminRecordAction, loadOrThrow } from "../../../lib/admin-route.server";
import { parseInput } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/storm-days";

export const meta = () => adminMeta("Storm days");

export const headers = noStoreHeaders;

const PAGE = "routes/admin/scheduling/storm-days.tsx";

export async function loader(args: Route.LoaderArgs) {
  await adminRecord(args, PAGE, null);
  return loadOrThrow(args.context, async () => ({
    today: storeToday(),
    closures: await args.context.services.closures.list(),
  }));
}

function closureIdOf(form: FormData): number {
  const id = Number(form.get("closureId"));
  return Number.isInteger(id) && id > 0 ? id : 0;
}

export async function action(args: Route.ActionArgs) {
  const { closures } = args.context.services;
  return adminRecordAction(args, PAGE, null, async (form, { actor }, scope) => {
    if (scope.intent === "move-all") {
      const { moved } = await closures.moveAll(closureIdOf(form), actor);
      return moved.length === 0
        ? "Nothing to move: every visit left on those days needs a call."
        : `${moved.length} ${moved.length === 1 ? "visit" : "visits"} moved; each customer has been told.`;
    }
    if (scope.intent === "reopen") {
      await closures.reopen(closureIdOf(form), actor);
      return "Reopened: those days can be booked again.";
    }
    const input = parseInput(closureSchema, {
      from: form.get("from"),
      to: form.get("to"),
      reason: form.get("reason"),
    });
    const closed = await closures.close(input, actor);
    return `Closed. ${closed.visits.length} ${closed.visits.length === 1 ? "visit is" : "visits are"} on those days; nothing has been sent yet.`;
  });
}

function when(date: string, start: string, end: string): string {
  return `${formatVisitDate(date)}, ${formatTimeWindow(start, end)}`;
}

/** A closed day's date: from today on, tomorrow proposed. */
function DayField({ name, label, today }: { name: string; label: string; today: string }) {
  return (
    <div>
      <label htmlFor={`closure-${name}`} className="field-label">
        {label}
      </label>
      <input
        id={`closure-${name}`}
        name={name}
        type="date"
        min={today}
        defaultValue={addDays(today, 1)}
        required
        className="field w-full"
      />
    </div>
  );
}

export default function AdminStormDays() {
  const { today, closures } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">Storm days</h1>
      <p className="mt-1 text-muted">
        Closed days offer no booking window. Closing sends nothing; "Move all" moves each visit to
        the window proposed and tells its customer once (email, and a text when they agreed).
      </p>
      <ActionMessage result={result} boxed />
      <Form
        method="post"
        className="card mt-6 grid gap-4 sm:grid-cols-[auto_auto_1fr_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="close" />
        <DayField name="from" label="From" today={today} />
        <DayField name="to" label="To (included)" today={today} />
        <div>
          <label htmlFor="closure-reason" className="field-label">
            Reason
          </label>
          <input
            id="closure-reason"
            name="reason"
            required
            maxLength={200}
            placeholder="Hurricane warning"
            className="field w-full"
          />
        </div>
        <button type="submit" className="btn-primary w-full py-3 sm:w-auto" disabled={busy}>
          Close these days
        </button>
      </Form>
      {closures.length === 0 ? (
        <p className="mt-8 text-muted">No days closed.</p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Closed days">
          {closures.map((c) => (
            <li key={c.id} className="card">
              <h2 className="text-xl font-bold">
                {c.from === c.to
                  ? formatVisitDate(c.from)
                  : `${formatVisitDate(c.from)} to ${formatVisitDate(c.to)}`}
              </h2>
              <p className="text-muted break-words">{c.reason}</p>
              {c.visits.length === 0 ? (
                <p className="mt-3">No visit left on these days.</p>
              ) : (
                <ul className="mt-3 space-y-2" aria-label={`Visits on ${c.from}`}>
                  {c.visits.map((v) => (
                    <li key={v.id} className="border-t border-line pt-2">
                      <strong>{v.customerName || "Customer"}</strong> ·{" "}
                      {when(v.date, v.start, v.end)}
                      {v.staffName ? ` · ${v.staffName}` : ""}
                      <br />
                      {v.proposed ? (
                        <span>
                          Proposed:{" "}
                          {when(
                            v.proposed.date,
                            v.proposed.start,
                            timeOf(
                              minutesOf(v.proposed.start) + minutesOf(v.end) - minutesOf(v.start),
                            ),
                          )}
                        </span>
                      ) : (
                        <span className="font-medium text-danger">
                          Nothing free: call the customer
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-4 flex flex-col gap-2 sm:flex-row">
                {c.visits.some((v) => v.proposed) ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="move-all" />
                    <input type="hidden" name="closureId" value={c.id} />
                    <button
                      type="submit"
                      className="btn-primary w-full py-3 sm:w-auto"
                      disabled={busy}
                    >
                      Move all
                    </button>
                  </Form>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="intent" value="reopen" />
                  <input type="hidden" name="closureId" value={c.id} />
                  <button
                    type="submit"
                    className="btn-secondary w-full py-3 sm:w-auto"
                    disabled={busy}
                  >
                    Reopen
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading storm days" />;
}
