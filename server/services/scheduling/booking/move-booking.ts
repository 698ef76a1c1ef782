import { findWindow } from "../../../../domain/scheduling/booking-windows";
import {
  type BookingServiceDeps,
  bookingOf,
  CUSTOMER,
  type CustomerBooking,
  claim,
  claiming,
  endOf,
  freeAt,
  loadForChange,
  toCustomer,
  WindowGone,
} from "./shared";

export async function moveBooking(
  deps: BookingServiceDeps,
  reference: string,
  target: { date: string; start: string },
  clientAddress: string,
  at: Date = deps.clock(),
): Promise<CustomerBooking> {
  const { visits } = deps;
  const { db, logger, emails } = deps;
  const limiter = deps.limits.bookings;

  await limiter.consume(clientAddress);
  const normalized = reference.trim().toUpperCase();
  const id = await claiming(deps, at, () =>
    db.transaction().execute(async (trx) => {
      const before = await loadForChange(deps, trx, normalized, at);
      const bookingId = Number(before.id);
      if (before.visit_date === target.date && before.start_time === target.start) {
        return bookingId;
      }
      const windows = await freeAt(trx, at, { visitId: bookingId });
      const window = findWindow(windows, target.date, target.start);
      if (!window) throw new WindowGone();
      // The same installer when he is free then, so the customer keeps who they expect.
      const own = Number(before.staff_id);
      const order = window.staffIds.includes(own)
        ? [own, ...window.staffIds.filter((s) => s !== own)]
        : window.staffIds;
      let staffId: number | null = null;
      for (const candidate of order) {
        staffId = await claim(trx, window, [candidate], bookingId);
        if (staffId !== null) break;
      }
      if (staffId === null) throw new WindowGone();
      await visits.changeVisit(
        trx,
        bookingId,
        {
          date: target.date,
          start: target.start,
          end: endOf(target.start),
          staffId,
          notifyCustomer: true,
          twoPersonJob: false,
        },
        CUSTOMER,
      );
      return bookingId;
    }),
  );
  emails.kick();
  logger.info("booking moved online", { visitId: id });
  return toCustomer(await bookingOf(db, id), at);
}
