/**
 * Keeping the customer informed:
 * the day-before reminder, sent from 18:00 store time once per visit whatever the number of
 * processes (the scheduler's lease runs the job on one process at a time, and each visit's mark
 * is set by one conditional UPDATE in the transaction that queues its messages, so even two runs
 * at once send one reminder); and the installer's "on my way". Every visit, wherever it was
 * booked, is one row of visits: the customer's contact and wish for texts are
 * the ones given at booking, else the order's.
 */

import { seesOnlyOwnVisits } from "../../../domain/people/permissions";
import { onMyWayText, reminderText } from "../../../domain/scheduling/text-messages";
import {
  addDays,
  formatVisitDate,
  isOnMyWayDay,
  storeLocal,
} from "../../../domain/scheduling/visit-time";
import { now } from "../../db/database";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import { enqueueText } from "../../db/repositories/platform/text-outbox";
import {
  findVisitById,
  findVisitsToRemind,
  markVisitReminded,
  markVisitTime,
  type VisitListRow,
} from "../../db/repositories/scheduling/visits";
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

/** What a visit's email is filed under: its order when it has one, else the visit. */
function emailRelated(v: Pick<VisitListRow, "id" | "order_id">) {
  return v.order_id === null
    ? { relatedType: "visit", relatedId: Number(v.id) }
    : { relatedType: "order", relatedId: Number(v.order_id) };
}

/** Texts go to a customer who asked for them at booking or at checkout. */
export function wantsTexts(
  v: Pick<VisitListRow, "text_reminders" | "order_text_reminders">,
): boolean {
  return Number(v.text_reminders) === 1 || Number(v.order_text_reminders) === 1;
}

export function createReminderService(
  deps: ServiceDeps & { texts: TextDispatcher },
  clock: () => Date = () => new Date(),
) {
  const { db, config, emails, logger } = deps;
  const textDispatcher = deps.texts;
  const business = config.business;
  const ctx = { business, publicUrl: config.publicUrl, storeEmail: config.storeEmail };

  async function sendDue(at: Date = clock()): Promise<{ reminded: number }> {
    const local = storeLocal(at);
    if (local.time < REMINDER_TIME) return { reminded: 0 };
    const tomorrow = addDays(local.date, 1);
    let reminded = 0;
    for (const v of await findVisitsToRemind(db, tomorrow)) {
      const id = Number(v.id);
      const sent = await db.transaction().execute(async (trx) => {
        if (!(await markVisitReminded(trx, id, now()))) return false;
        const window = { date: v.visit_date, start: v.start_time, end: v.end_time };
        await enqueueEmail(
          trx,
          reminderEmail(ctx, {
            to: v.customer_email,
            firstName: v.customer_first_name,
            ...window,
            kind: v.kind,
            language: v.language,
            ...emailRelated(v),
          }),
        );
        if (wantsTexts(v)) {
          await enqueueText(trx, {
            kind: "reminder",
            to: v.customer_phone,
            body: reminderText({
              language: v.language,
              firstName: v.customer_first_name,
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
      textDispatcher.kick();
    }
    return { reminded };
  }

  async function tell(
    visit: VisitListRow,
    texts: boolean,
    minutes: number,
    actor: OnMyWayCaller,
    summary: string,
  ) {
    await db.transaction().execute(async (trx) => {
      await enqueueEmail(
        trx,
        onMyWayEmail(ctx, {
          to: visit.customer_email,
          firstName: visit.customer_first_name,
          minutes,
          language: visit.language,
          ...emailRelated(visit),
        }),
      );
      if (texts) {
        await enqueueText(trx, {
          kind: "on_my_way",
          to: visit.customer_phone,
          body: onMyWayText({
            language: visit.language,
            firstName: visit.customer_first_name,
            storeName: business.name,
            storePhone: business.phone,
            minutes,
          }),
          relatedType: "visit",
          relatedId: visit.id,
        });
      }
      await markVisitTime(trx, visit.id, "on_my_way_at", now());
      await recordAudit(trx, actor, "visit", summary, { after: { minutes } });
    });
    emails.kick();
    if (texts) textDispatcher.kick();
    logger.info("on my way sent", { relatedType: "visit", relatedId: visit.id, minutes });
  }

  function assertReach(actor: OnMyWayCaller, staffId: number | null, what: string) {
    if (seesOnlyOwnVisits(actor.role) && staffId !== actor.staffId) {
      throw new AppError("not_found", `${what} not found.`);
    }
  }

  /** "On my way" tells the customer he is coming now: a visit of another day would mislead. */
  function assertVisitDay(date: string, at: Date) {
    if (!isOnMyWayDay(date, at)) {
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

    /**
     * POST /api/admin/visits/:id/arrived: the installer is at the door. With "on my way" it
     * starts his time on the visit (the margin's labor); the first arrival counts.
     */
    async arrivedVisit(visitId: number, actor: OnMyWayCaller): Promise<{ arrivedAt: string }> {
      return db.transaction().execute(async (trx) => {
        const visit = await findVisitById(trx, visitId);
        if (!visit) throw new AppError("not_found", "Visit not found.");
        assertReach(actor, visit.staff_id, "Visit");
        if (visit.status !== "scheduled") {
          throw new AppError("conflict", `This visit is ${visit.status}.`);
        }
        await markVisitTime(trx, visitId, "arrived_at", now());
        const fresh = await findVisitById(trx, visitId);
        const arrivedAt = fresh?.arrived_at ?? now();
        await recordAudit(trx, actor, "visit", `Visit #${visitId}: arrived`, {
          after: { arrivedAt },
        });
        return { arrivedAt };
      });
    },

    /** POST /api/admin/visits/:id/on-my-way: any visit, wherever it was booked. */
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
      const name = visit.order_reference
        ? `Order ${visit.order_reference}`
        : `Booked visit ${visit.reference ?? `#${visit.id}`}`;
      await tell(
        visit,
        wantsTexts(visit),
        minutes,
        actor,
        `${name}: on my way, about ${minutes} minutes`,
      );
    },
  };
}

export type ReminderService = ReturnType<typeof createReminderService>;
