/**
 * The dashboard's word when online booking is closed: no active installer has
 * weekly hours, so /book offers no form, only the phone number, until someone sets them.
 */
import { Link } from "react-router";

export function BookingClosedNotice({ canSetHours }: { canSetHours: boolean }) {
  return (
    <section
      aria-labelledby="booking-closed-title"
      className="rounded-lg border border-danger bg-danger/5 p-4"
    >
      <h2 id="booking-closed-title" className="text-lg font-bold">
        Online booking is closed
      </h2>
      <p className="mt-1">
        No installer has working hours, so customers can't book a measurement visit at /book: the
        page only gives them the phone number.
      </p>
      {canSetHours ? (
        <p className="mt-2">
          <Link to="/admin/staff" className="btn-primary">
            Set installer hours
          </Link>
        </p>
      ) : (
        <p className="mt-2">Ask an owner to set installer hours at Staff.</p>
      )}
    </section>
  );
}
