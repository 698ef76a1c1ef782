import { bookingCalendarVisit } from "../../../email/booking-emails";
import { visitInvite } from "../../../email/visit-calendar";
import { type BookingServiceDeps, bookingByReference, isBookingReference } from "./shared";

/** The invite of a scheduled booking (the confirmation's "Add to my calendar"), or null. */
export async function bookingInvite(
  deps: BookingServiceDeps,
  reference: string,
): Promise<string | null> {
  const { db, config } = deps;
  const business = config.business;
  const mailContext = { business, publicUrl: config.publicUrl, storeEmail: config.storeEmail };

  const normalized = reference.trim().toUpperCase();
  if (!isBookingReference(normalized)) return null;
  const row = await bookingByReference(db, normalized);
  if (row?.status !== "scheduled") return null;
  return visitInvite(business, bookingCalendarVisit(mailContext, row));
}
