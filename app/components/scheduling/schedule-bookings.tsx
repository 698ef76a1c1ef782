/**
 * The week's measurement visits booked online or by the office on /admin/schedule (decision
 * 212): the office sees each one; a visit for an estimate request starts its quote there.
 */
import { Link } from "react-router";
import { formatTimeWindow, formatVisitDate } from "../../../domain/scheduling/visit-time";
import type { AdminBooking } from "../../../server/services/scheduling/booking";
import { OnMyWayForm } from "./on-my-way-form";

export function ScheduleBookings({ bookings, busy }: { bookings: AdminBooking[]; busy: boolean }) {
  return (
    <section aria-labelledby="online-title" className="card mt-8">
      <h2 id="online-title" className="text-2xl font-bold">
        Measurement visits booked
      </h2>
      {bookings.length === 0 ? (
        <p className="mt-2 text-muted">No measurement visits booked this week.</p>
      ) : (
        <ul className="mt-3 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {bookings.map((b) => (
            <li
              key={b.id}
              className={`rounded-lg border border-line p-3 ${b.status === "cancelled" ? "opacity-70" : ""}`}
            >
              <p className="font-semibold">
                {formatVisitDate(b.date)}, {formatTimeWindow(b.start, b.end)}
                {b.status !== "scheduled"
                  ? ` (${b.status === "cancelled" ? "Cancelled" : "Done"})`
                  : ""}
              </p>
              <p className="text-sm">
                {b.customerName} ·{" "}
                <a
                  href={`tel:${b.customerPhone.replace(/[^\d+]/g, "")}`}
                  className="text-primary underline"
                >
                  {b.customerPhone}
                </a>
              </p>
              <p className="text-sm">{b.address}</p>
              <p className="text-sm text-muted">
                {b.staffName ?? "Not assigned"}
                {b.textReminders ? " · texts" : ""}
              </p>
              {b.note ? <p className="text-sm">Note: {b.note}</p> : null}
              {b.estimateRequestId !== null && b.status !== "cancelled" ? (
                <Link
                  to={`/admin/quotes/new?estimateId=${b.estimateRequestId}`}
                  className="mt-2 inline-flex min-h-11 items-center text-primary underline"
                >
                  Start the quote<span className="sr-only"> for {b.customerName}</span>
                </Link>
              ) : null}
              {b.status === "scheduled" ? (
                <OnMyWayForm
                  target="booking"
                  id={b.id}
                  label={`${b.customerName}, ${b.when}`}
                  busy={busy}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
