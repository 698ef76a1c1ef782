import { randomUUID } from "node:crypto";
import type { BookingInput } from "../../../../domain/scheduling/booking-schema";
import { TEXT_CONSENT_WORDS } from "../../../../domain/scheduling/booking-schema";
import { findWindow } from "../../../../domain/scheduling/booking-windows";
import { now } from "../../../db/database";
import { findOrderByReference } from "../../../db/repositories/orders/orders";
import { enqueueEmail } from "../../../db/repositories/platform/email-outbox";
import { findEstimateRequestIdByReference } from "../../../db/repositories/requests/estimate-requests";
import { insertTextConsent } from "../../../db/repositories/scheduling/text-consents";
import { insertVisit } from "../../../db/repositories/scheduling/visits";
import { bookingCustomerEmail, bookingStoreEmail } from "../../../email/booking-emails";
import { fieldError } from "../../../errors";
import { requireServiceZip } from "../../requests/request-reference";
import {
  type BookingServiceDeps,
  bookingOf,
  claim,
  claiming,
  endOf,
  freeAt,
  newBookingReference,
  WindowGone,
} from "./shared";

export async function bookVisit(
  deps: BookingServiceDeps,
  input: BookingInput,
  clientAddress: string,
  at: Date = deps.clock(),
): Promise<{ reference: string; date: string; start: string; end: string }> {
  const { db, config, logger, emails } = deps;
  const business = config.business;
  const mailContext = { business, publicUrl: config.publicUrl, storeEmail: config.storeEmail };
  const limiter = deps.limits.bookings;

  requireServiceZip(business, input.zipCode, "visit homes");
  await limiter.consume(clientAddress);
  const [estimateRequestId, order] = await Promise.all([
    input.estimateReference
      ? findEstimateRequestIdByReference(db, input.estimateReference)
      : Promise.resolve(null),
    input.orderReference
      ? findOrderByReference(db, input.orderReference)
      : Promise.resolve(undefined),
  ]);
  if (input.estimateReference && estimateRequestId === null) {
    throw fieldError(
      "validation_failed",
      "estimateReference",
      "no estimate request has this reference.",
    );
  }
  if (input.orderReference && !order) {
    throw fieldError("validation_failed", "orderReference", "no order has this reference.");
  }
  const reference = newBookingReference();
  const uid = `${randomUUID()}@${new URL(config.publicUrl).hostname}`;
  const end = endOf(input.start);
  const bookingId = await claiming(deps, at, () =>
    db.transaction().execute(async (trx) => {
      const window = findWindow(await freeAt(trx, at), input.date, input.start);
      if (!window) throw new WindowGone();
      const staffId = await claim(trx, window, window.staffIds);
      if (staffId === null) throw new WindowGone();
      const stamp = now();
      const id = await insertVisit(trx, {
        orderId: order ? order.id : null,
        kind: "measure",
        date: input.date,
        start: input.start,
        end,
        staffId,
        uid,
        at: stamp,
        language: input.language,
        booked: {
          source: "online",
          reference,
          contact: input,
          note: input.note ?? null,
          textReminders: input.textReminders === true,
          estimateRequestId,
        },
      });
      if (input.textReminders) {
        await insertTextConsent(trx, {
          phone: input.phone,
          words: TEXT_CONSENT_WORDS,
          source: "booking",
          visitId: id,
          orderId: order ? order.id : null,
          clientAddress,
          at: stamp,
        });
      }
      const row = await bookingOf(trx, id);
      await enqueueEmail(trx, bookingCustomerEmail(mailContext, row, "booked"));
      await enqueueEmail(trx, bookingStoreEmail(mailContext, row, "booked"));
      return id;
    }),
  );
  emails.kick();
  logger.info("visit booked online", { visitId: bookingId });
  return { reference, date: input.date, start: input.start, end };
}
