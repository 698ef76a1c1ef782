/**
 * The measurement visit of an estimate request on /admin/estimates/:id: the visits booked for
 * it, and while none is scheduled, a plain form that books one into a free arrival window (the
 * windows of /book, with any free installer or the one chosen). Works without JavaScript.
 */
import { Form, Link } from "react-router";
import { formatTimeWindow, formatVisitDate } from "../../../domain/scheduling/visit-time";
import type { AdminBooking } from "../../../server/services/scheduling/booking";

interface OfficeWindow {
  date: string;
  start: string;
  end: string;
  staffIds: number[];
}

const STATUS_WORDS: Record<string, string> = {
  scheduled: "Booked",
  cancelled: "Cancelled",
  done: "Done",
};

function byDate(windows: readonly OfficeWindow[]) {
  const days = new Map<string, OfficeWindow[]>();
  for (const w of windows) days.set(w.date, [...(days.get(w.date) ?? []), w]);
  return [...days.entries()];
}

export function EstimateVisit({
  bookings,
  windows,
  installers,
  busy,
}: {
  bookings: AdminBooking[];
  windows: OfficeWindow[];
  installers: { id: number; name: string }[];
  busy: boolean;
}) {
  const scheduled = bookings.some((b) => b.status === "scheduled");
  const names = new Map(installers.map((i) => [i.id, i.name]));
  return (
    <section aria-labelledby="visit-title" className="card mt-6">
      <h2 id="visit-title" className="text-xl font-bold">
        Measurement visit
      </h2>
      {bookings.length > 0 ? (
        <ul className="mt-2 space-y-1">
          {bookings.map((b) => (
            <li key={b.id}>
              <span className="font-semibold">{STATUS_WORDS[b.status] ?? b.status}:</span> {b.when}{" "}
              · {b.staffName ?? "Not assigned"} ·{" "}
              <Link to="/admin/schedule" className="text-primary underline">
                on the schedule
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-muted">Not booked yet.</p>
      )}
      {scheduled ? null : windows.length === 0 ? (
        <p className="mt-3">
          No arrival window is free within the booking horizon. Set the installers' hours at{" "}
          <Link to="/admin/staff" className="text-primary underline">
            Staff
          </Link>
          , or call the customer.
        </p>
      ) : (
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="book" />
          <div>
            <label htmlFor="visit-window" className="field-label">
              Arrival window
            </label>
            <select id="visit-window" name="window" required className="field">
              {byDate(windows).map(([date, list]) => (
                <optgroup key={date} label={formatVisitDate(date)}>
                  {list.map((w) => (
                    <option key={`${w.date}T${w.start}`} value={`${w.date}T${w.start}`}>
                      {formatVisitDate(w.date)}, {formatTimeWindow(w.start, w.end)} (
                      {w.staffIds.map((id) => names.get(id) ?? `#${id}`).join(", ")})
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="visit-installer" className="field-label">
              Installer
            </label>
            <select id="visit-installer" name="staffId" className="field" defaultValue="">
              <option value="">Any installer free then</option>
              {installers.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </select>
          </div>
          <p className="text-sm text-muted sm:col-span-2">
            The customer gets the confirmation with a calendar invite and a link to move or cancel
            the visit.
          </p>
          <div className="sm:col-span-2">
            <button type="submit" className="btn-primary w-full py-3 sm:w-auto" disabled={busy}>
              Book the measurement visit
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
