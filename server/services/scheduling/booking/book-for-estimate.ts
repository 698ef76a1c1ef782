import { randomUUID } from "node:crypto";
import type { EstimateBookingInput } from "../../../../domain/scheduling/booking-schema";
import { findWindow } from "../../../../domain/scheduling/booking-windows";
import { formatVisitWindow } from "../../../../domain/scheduling/visit-time";
import { contactFromRow } from "../../../db/customer-contact";
import { now } from "../../../db/database";
import { enqueueEmail } from "../../../db/repositories/platform/email-outbox";
import { findEstimateRequestById } from "../../../db/repositories/requests/estimate-requests";
import { findVisitsForEstimate, insertVisit } from "../../../db/repositories/scheduling/visits";
import { bookingCustomerEmail } from "../../../email/booking-emails";
import { AppError } from "../../../errors";
import type { Actor } from "../../people/actor";
import { recordAudit } from "../../people/audit";
import {
  type AdminBooking,
  type BookingServiceDeps,
  bookingOf,
  claim,
  claiming,
  endOf,
  freeAt,
  newBookingReference,
  toAdminBooking,
  WindowGone,
} from "./shared";

/**
 * The office books an estimate request's measurement visit: the claim of /book (one transaction, the installer's row locked, the
 * partial unique index behind it; a lost window is 409 `window_taken` with fresh windows),
 * the customer's confirmation with the .ics invite, and the audit log. One scheduled visit
 * per request: a second is 409 (move it from its page, or cancel it first).
 */
export async function bookForEstimate(
  deps: BookingServiceDeps,
  estimateId: number,
  input: EstimateBookingInput,
  actor: Actor,
  at: Date = deps.clock(),
): Promise<AdminBooking> {
  const { db, config, logger, emails } = deps;
  const business = config.business;
  const mailContext = { business, publicUrl: config.publicUrl, storeEmail: config.storeEmail };

  const estimate = await findEstimateRequestById(db, estimateId);
  if (!estimate) throw new AppError("not_found", "Estimate request not found.");
  const reference = newBookingReference();
  const uid = `${randomUUID()}@${new URL(config.publicUrl).hostname}`;
  const end = endOf(input.start);
  const bookingId = await claiming(deps, at, () =>
    db.transaction().execute(async (trx) => {
      const booked = (await findVisitsForEstimate(trx, estimateId)).find(
        (b) => b.status === "scheduled",
      );
      if (booked) {
        throw new AppError(
          "conflict",
          `Estimate ${estimate.reference} already has a measurement visit booked: ${formatVisitWindow({ date: booked.visit_date, start: booked.start_time, end: booked.end_time })} (booking ${booked.reference ?? booked.id}).`,
          { details: { reason: "already_booked", reference: booked.reference } },
        );
      }
      const window = findWindow(await freeAt(trx, at), input.date, input.start);
      if (!window) throw new WindowGone();
      const candidates =
        input.staffId === null
          ? window.staffIds
          : window.staffIds.filter((id) => id === input.staffId);
      const staffId = await claim(trx, window, candidates);
      if (staffId === null) throw new WindowGone();
      const stamp = now();
      const id = await insertVisit(trx, {
        orderId: null,
        kind: "measure",
        date: input.date,
        start: input.start,
        end,
        staffId,
        uid,
        at: stamp,
        // An estimate request keeps no language: its visit is booked in English.
        language: "en",
        booked: {
          source: "office",
          reference,
          contact: contactFromRow(estimate),
          note: null,
          // Texts need the customer's own consent (/book or checkout), never the office's.
          textReminders: false,
          estimateRequestId: estimateId,
        },
      });
      const row = await bookingOf(trx, id);
      await enqueueEmail(trx, bookingCustomerEmail(mailContext, row, "booked"));
      await recordAudit(
        trx,
        actor,
        "visit",
        `Measurement visit booked for estimate ${estimate.reference}: ${formatVisitWindow({ date: input.date, start: input.start, end })} with ${row.staff_name ?? `installer #${staffId}`} (booking ${reference})`,
        { after: { visitId: id, date: input.date, start: input.start, end, staffId } },
      );
      return id;
    }),
  );
  emails.kick();
  logger.info("estimate visit booked by the office", { visitId: bookingId, estimateId });
  return toAdminBooking(await bookingOf(db, bookingId));
}
