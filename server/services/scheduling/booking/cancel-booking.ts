import { type BookingServiceDeps, bookingOf, CUSTOMER, loadForChange, toCustomer } from "./shared";

export async function cancelBooking(
  deps: BookingServiceDeps,
  reference: string,
  clientAddress: string,
  at: Date = deps.clock(),
) {
  const { visits } = deps;
  const { db, logger, emails } = deps;
  const limiter = deps.limits.bookings;

  await limiter.consume(clientAddress);
  const normalized = reference.trim().toUpperCase();
  const id = await db.transaction().execute(async (trx) => {
    const before = await loadForChange(deps, trx, normalized, at);
    const bookingId = Number(before.id);
    await visits.changeVisit(
      trx,
      bookingId,
      { status: "cancelled", notifyCustomer: true, twoPersonJob: false },
      CUSTOMER,
    );
    return bookingId;
  });
  emails.kick();
  logger.info("booking cancelled online", { visitId: id });
  return toCustomer(await bookingOf(db, id), at);
}
