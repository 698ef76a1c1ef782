/**
 * Keeping the customer informed (DECISIONS.md "Reminders, 'on my way' and texts", decision 213):
 * the day-before reminder, sent from 18:00 store time once per visit whatever the number of
 * processes (the scheduler's lease runs the job on one process at a time, and each visit's mark
 * is set by one conditional UPDATE in the transaction that queues its messages, so even two runs
 * at once send one reminder); and the installer's "on my way".
 */

import { seesOnlyOwnVisits } from "../../../domain/people/permissions";
import { storeClock } from "../../../domain/scheduling/booking-windows";
import { onMyWayText, reminderText } from "../../../domain/scheduling/text-messages";
import {
  addDays,
  formatVisitDate,
  storeToday,
  VISIT_KIND_LABELS,
} from "../../../domain/scheduling/visit-time";
import { now } from "../../db/database";
import { findOrderById } from "../../db/repositories/orders/orders";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import { enqueueText } from "../../db/repositories/platform/text-outbox";
import {
  findBookingById,
  findBookingsToRemind,
  findVisitsToRemind,
  markBookingReminded,
  markVisitReminded,
} from "../../db/repositories/scheduling/bookings";
import { findVisitById } from "../../db/repositories/scheduling/visits";
import { onMyWayEmail, reminderEmail } from "../../email/booking-emails";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";
import type { ScheduledJob } from "../platform/scheduler";
import type { TextDispatcher } from "../platform/text-dispatcher";

/** Store time from which tomorrow's visits are reminded. */
export const REMINDER_TIME = "18:00";

export interface OnMyWayCaller extends Actor {
  staffId: number;
  role: string;
}

export function createReminderService(
  deps: ServiceDeps & { texts: TextDispatcher },
  clock: () => Date = () => new Date(),
) {
  const { db, config, emails, texts, logger } = deps;
  const business = config.business;
  const ctx = { business, publicUrl: config.publicUrl, storeEmail: config.storeEmail };

  async function sendDue(at: Date = clock()): Promise<{ reminded: number }> {
    const local = storeClock(at);
    if (local.time < REMINDER_TIME) return { reminded: 0 };
    const tomorrow = addDays(local.date, 1);
    let reminded = 0;
    for (const b of await findBookingsToRemind(db, tomorrow)) {
      const id = Number(b.id);
      const sent = await db.transaction().execute(async (trx) => {
        if (!(await markBookingReminded(trx, id, now()))) return false;
        const window = { date: b.visit_date, start: b.start_time, end: b.end_time };
        await enqueueEmail(
          trx,
          reminderEmail(ctx, {
            to: b.email,
            firstName: b.first_name,
            ...window,
            label: "Measurement visit",
            relatedType: "booking",
            relatedId: id,
          }),
        );
        if (Number(b.text_reminders) === 1) {
          await enqueueText(trx, {
            kind: "reminder",
            to: b.phone,
            body: reminderText({
              firstName: b.first_name,
              storeName: business.name,
              storePhone: business.phone,
              ...window,
            }),
            relatedType: "booking",
            relatedId: id,
          });
        }
        return true;
      });
      if (sent) reminded++;
    }
    for (const v of await findVisitsToRemind(db, tomorrow)) {
      const id = Number(v.id);
      const sent = await db.transaction().execute(async (trx) => {
        if (!(await markVisitReminded(trx, id, now()))) return false;
        const window = { date: v.visit_date, start: v.start_time, end: v.end_time };
        await enqueueEmail(
          trx,
          reminderEmail(ctx, {
            to: v.email,
            firstName: v.first_name,
            ...window,
            label: VISIT_KIND_LABELS[v.kind],
            relatedType: "order",
            relatedId: Number(v.order_id),
          }),
        );
        if (Number(v.text_reminders) === 1) {
          await enqueueText(trx, {
            kind: "reminder",
            to: v.phone,
            body: reminderText({
              firstName: v.first_name,
              storeName: business.name,
              storePhone: business.phone,
              ...window,
            }),
            relatedType: "visit",
            relatedId: id,
          });
        }
        return true;
      });
      if (sent) reminded++;
    }
    if (reminded) {
      emails.kick();
      texts.kick();
    }
    return { reminded };
  }

  async function tell(
    target: { to: string; phone: string; firstName: string; texts: boolean },
    minutes: number,
    related: { type: "booking" | "visit"; id: number; orderId: number | null },
    actor: OnMyWayCaller,
    summary: string,
  ) {
    await db.transaction().execute(async (trx) => {
      await enqueueEmail(
        trx,
        onMyWayEmail(ctx, {
          to: target.to,
          firstName: target.firstName,
          minutes,
          relatedType: related.orderId ? "order" : related.type,
          relatedId: related.orderId ?? related.id,
        }),
      );
      if (target.texts) {
        await enqueueText(trx, {
          kind: "on_my_way",
          to: target.phone,
          body: onMyWayText({
            firstName: target.firstName,
            storeName: business.name,
            storePhone: business.phone,
            minutes,
          }),
          relatedType: related.type,
          relatedId: related.id,
        });
      }
      await recordAudit(trx, actor, "visit", summary, { after: { minutes } });
    });
    emails.kick();
    if (target.texts) texts.kick();
    logger.info("on my way sent", { relatedType: related.type, relatedId: related.id, minutes });
  }

  function assertReach(actor: OnMyWayCaller, staffId: number | null, what: string) {
    if (seesOnlyOwnVisits(actor.role) && staffId !== actor.staffId) {
      throw new AppError("not_found", `${what} not found.`);
    }
  }

  /** "On my way" tells the customer he is coming now: a visit of another day would mislead. */
  function assertVisitDay(date: string, at: Date) {
    if (date !== storeToday(at)) {
      throw new AppError(
        "conflict",
        `"On my way" is sent on the day of the visit; this visit is on ${formatVisitDate(date)}.`,
      );
    }
  }

  return {
    sendDue,
    job: {
      name: "visit-reminders",
      everyMs: 5 * 60_000,
      run: () => sendDue(),
    } satisfies ScheduledJob,

    /** POST /api/admin/visits/:id/on-my-way (an order's visit). */
    async onMyWayVisit(
      visitId: number,
      minutes: number,
      actor: OnMyWayCaller,
      at: Date = new Date(),
    ): Promise<void> {
      const visit = await findVisitById(db, visitId);
      if (!visit) throw new AppError("not_found", "Visit not found.");
      assertReach(actor, visit.staff_id, "Visit");
      if (visit.status !== "scheduled") {
        throw new AppError("conflict", `This visit is ${visit.status}.`);
      }
      assertVisitDay(visit.visit_date, at);
      const order = await findOrderById(db, visit.order_id);
      if (!order) throw new AppError("not_found", "Visit not found.");
      await tell(
        {
          to: order.email,
          phone: order.phone,
          firstName: order.first_name,
          texts: Number(order.text_reminders) === 1,
        },
        minutes,
        { type: "visit", id: visitId, orderId: order.id },
        actor,
        `Order ${order.reference}: on my way, about ${minutes} minutes`,
      );
    },

    /** POST /api/admin/bookings/:id/on-my-way (a visit booked online). */
    async onMyWayBooking(
      bookingId: number,
      minutes: number,
      actor: OnMyWayCaller,
      at: Date = new Date(),
    ): Promise<void> {
      const booking = await findBookingById(db, bookingId);
      if (!booking) throw new AppError("not_found", "Booking not found.");
      assertReach(actor, Number(booking.staff_id), "Booking");
      if (booking.status !== "scheduled") {
        throw new AppError("conflict", `This visit is ${booking.status}.`);
      }
      assertVisitDay(booking.visit_date, at);
      await tell(
        {
          to: booking.email,
          phone: booking.phone,
          firstName: booking.first_name,
          texts: Number(booking.text_reminders) === 1,
        },
        minutes,
        { type: "booking", id: bookingId, orderId: null },
        actor,
        `Online booking #${bookingId}: on my way, about ${minutes} minutes`,
      );
    },
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
