/**
 * Storm days (decision 551): close days (migration 0024's closures), list their visits with the window proposed for each,
 * "Move all", reopen. Closing sends nothing. Moving runs one transaction per visit: each moved
 * visit and its customer's one notice (email, and a text with consent) commit together, a visit
 * that can't move (nothing free, or taken meanwhile) doesn't undo the others, and a repeated or
 * concurrent "Move all" re-reads each visit behind its installer's lock and skips what has left
 * the closed days, so nothing moves or is sent twice.
 */
import { minutesOf, timeOf } from "../../../domain/scheduling/booking-windows";
import {
  type ClosureInput,
  type ProposedWindow,
  proposeMoves,
} from "../../../domain/scheduling/closures";
import { stormMoveText } from "../../../domain/scheduling/text-messages";
import { addDays, storeToday } from "../../../domain/scheduling/visit-time";
import { type Db, now } from "../../db/database";
import { lockOrderForUpdate } from "../../db/repositories/orders/orders";
import { findSalesSettings } from "../../db/repositories/people/back-office-settings";
import { enqueueText } from "../../db/repositories/platform/text-outbox";
import {
  findActiveInstallerIds,
  findAvailability,
  lockInstaller,
} from "../../db/repositories/scheduling/availability";
import {
  type Closure,
  deleteClosure,
  findClosedDays,
  findClosureById,
  findClosures,
  insertClosure,
  lockClosureGate,
  markClosureMoved,
} from "../../db/repositories/scheduling/closures";
import {
  findBusyTimes,
  findVisitById,
  findVisitsBetween,
  type VisitListRow,
} from "../../db/repositories/scheduling/visits";
import { customerUrl } from "../../email/words";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";
import type { TextDispatcher } from "../platform/text-dispatcher";
import { wantsTexts } from "./reminders";
import type { VisitService } from "./visits";

export interface ClosedVisit {
  id: number;
  date: string;
  start: string;
  end: string;
  kind: string;
  customerName: string;
  staffName: string | null;
  proposed: ProposedWindow | null;
}

export interface ClosureView extends Closure {
  visits: ClosedVisit[];
}

/** The scheduled visits on the closed days, earliest first (the earliest is proposed first). */
async function visitsOn(db: Db, closure: { from: string; to: string }): Promise<VisitListRow[]> {
  const rows = await findVisitsBetween(db, { from: closure.from, to: closure.to });
  return rows
    .filter((v) => v.status === "scheduled")
    .sort(
      (a, b) =>
        a.visit_date.localeCompare(b.visit_date) ||
        a.start_time.localeCompare(b.start_time) ||
        Number(a.id) - Number(b.id),
    );
}

/** Each visit's proposed window as `db` sees the installers' days after the closure. */
async function proposals(
  db: Db,
  closure: { from: string; to: string },
  visits: readonly VisitListRow[],
): Promise<Map<number, ProposedWindow | null>> {
  const { bookingHorizonDays } = await findSalesSettings(db);
  const range = { from: addDays(closure.to, 1), to: addDays(closure.to, bookingHorizonDays) };
  const ids = await findActiveInstallerIds(db);
  const [installers, busy, closed] = await Promise.all([
    findAvailability(db, ids, range.from),
    findBusyTimes(db, { ...range, staffIds: ids }),
    findClosedDays(db, range),
  ]);
  return proposeMoves({
    lastClosedDay: closure.to,
    horizonDays: bookingHorizonDays,
    installers,
    busy,
    closed,
    visits: visits.map((v) => ({
      id: Number(v.id),
      staffId: v.staff_id === null ? null : Number(v.staff_id),
      date: v.visit_date,
      start: v.start_time,
      end: v.end_time,
    })),
  });
}

async function viewOf(db: Db, closure: Closure): Promise<ClosureView> {
  const visits = await visitsOn(db, closure);
  const proposed = await proposals(db, closure, visits);
  return {
    ...closure,
    visits: visits.map((v) => ({
      id: Number(v.id),
      date: v.visit_date,
      start: v.start_time,
      end: v.end_time,
      kind: v.kind,
      customerName: `${v.customer_first_name} ${v.customer_last_name}`.trim(),
      staffName: v.staff_name,
      proposed: proposed.get(Number(v.id)) ?? null,
    })),
  };
}

function period(c: { from: string; to: string }): string {
  return c.from === c.to ? c.from : `${c.from} to ${c.to}`;
}

export function createClosureService(
  deps: ServiceDeps & { texts: TextDispatcher },
  visits: Pick<VisitService, "changeVisit">,
  clock: () => Date = () => new Date(),
) {
  const { db, config, emails, logger } = deps;
  const business = config.business;

  async function find(id: number): Promise<Closure> {
    const closure = await findClosureById(db, id);
    if (!closure)
      throw new AppError("not_found", "This closure does not exist (it may have been reopened).");
    return closure;
  }

  /** Moves one visit to its proposed window with its one notice; null when it stays. */
  async function moveOne(closure: Closure, visitId: number, actor: Actor) {
    return db.transaction().execute(async (trx) => {
      const first = await findVisitById(trx, visitId);
      if (!first || first.staff_id === null) return null;
      // The order's row first, then the installer's, in the order changeVisit takes them.
      if (first.order_id !== null) await lockOrderForUpdate(trx, first.order_id);
      await lockInstaller(trx, Number(first.staff_id));
      const visit = await findVisitById(trx, visitId);
      if (
        visit?.status !== "scheduled" ||
        visit.visit_date < closure.from ||
        visit.visit_date > closure.to ||
        !(await findClosureById(trx, closure.id))
      ) {
        return null;
      }
      const proposed = (await proposals(trx, closure, [visit])).get(visitId) ?? null;
      if (!proposed) return null;
      const minutes = minutesOf(visit.end_time) - minutesOf(visit.start_time);
      const end = timeOf(minutesOf(proposed.start) + minutes);
      await visits.changeVisit(
        trx,
        visitId,
        {
          date: proposed.date,
          start: proposed.start,
          end,
          notifyCustomer: true,
          twoPersonJob: false,
        },
        { actor },
      );
      if (wantsTexts(visit)) {
        await enqueueText(trx, {
          kind: "visit_moved",
          to: visit.customer_phone,
          body: stormMoveText({
            language: visit.language,
            firstName: visit.customer_first_name,
            storeName: business.name,
            storePhone: business.phone,
            date: proposed.date,
            start: proposed.start,
            end,
            link: visit.reference
              ? customerUrl(config.publicUrl, visit.language, `/bookings/${visit.reference}`)
              : null,
          }),
          relatedType: "visit",
          relatedId: visitId,
        });
      }
      return { id: visitId, date: proposed.date, start: proposed.start };
    });
  }

  return {
    /** The closures that are not over yet, with their visits and proposed windows. */
    async list(at: Date = clock()): Promise<ClosureView[]> {
      const closures = await findClosures(db, storeToday(at));
      const out: ClosureView[] = [];
      for (const c of closures) out.push(await viewOf(db, c));
      return out;
    },

    async get(id: number): Promise<ClosureView> {
      return viewOf(db, await find(id));
    },

    async close(input: ClosureInput, actor: Actor, at: Date = clock()): Promise<ClosureView> {
      const today = storeToday(at);
      if (input.from < today) {
        throw new AppError(
          "validation_failed",
          `from is in the past: close today (${today}) or a later day.`,
        );
      }
      const view = await db.transaction().execute(async (trx) => {
        // Behind the gate: claims under way commit first (their visits are listed), later ones
        // read this closure and find no window on these days.
        await lockClosureGate(trx, "close");
        const [overlap] = await findClosedDays(trx, input);
        if (overlap) {
          throw new AppError(
            "conflict",
            `The store is already closed ${period(overlap)}: reopen those days first or pick other days.`,
          );
        }
        const id = await insertClosure(trx, {
          ...input,
          staffId: actor.staffId,
          at: now(),
        });
        await recordAudit(trx, actor, "visit", `Closed ${period(input)}: ${input.reason}`, {
          after: { closureId: id, ...input },
        });
        const closure = await findClosureById(trx, id);
        if (!closure) throw new Error(`closure ${id} just written is missing`);
        return viewOf(trx, closure);
      });
      logger.info("days closed", { closureId: view.id, visits: view.visits.length });
      return view;
    },

    async moveAll(
      id: number,
      actor: Actor,
    ): Promise<{ moved: { id: number; date: string; start: string }[] }> {
      const closure = await find(id);
      const moved: { id: number; date: string; start: string }[] = [];
      for (const v of await visitsOn(db, closure)) {
        const result = await moveOne(closure, Number(v.id), actor);
        if (result) moved.push(result);
      }
      await markClosureMoved(db, id, now());
      if (moved.length) {
        emails.kick();
        deps.texts.kick();
      }
      logger.info("closed days' visits moved", { closureId: id, moved: moved.length });
      return { moved };
    },

    async reopen(id: number, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await lockClosureGate(trx, "close");
        const closure = await findClosureById(trx, id);
        if (!closure || !(await deleteClosure(trx, id))) {
          throw new AppError(
            "not_found",
            "This closure does not exist (it may have been reopened).",
          );
        }
        await recordAudit(trx, actor, "visit", `Reopened ${period(closure)}`, {
          before: { closureId: id, from: closure.from, to: closure.to, reason: closure.reason },
        });
      });
    },
  };
}

export type ClosureService = ReturnType<typeof createClosureService>;
