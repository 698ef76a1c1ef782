import { createHash } from "node:crypto";
import type { Language } from "../../../../domain/i18n/language";
import {
  formatTimeWindow,
  formatVisitWindow,
  storeToday,
  timesOverlap,
  VISIT_KIND_LABELS,
  VISIT_STATUS_LABELS,
  type VisitKind,
  type VisitStatus,
} from "../../../../domain/scheduling/visit-time";
import type { VisitUpdate } from "../../../../domain/shared/back-office-schema";
import { type Db, isUniqueViolation, now } from "../../../db/database";
import { lockOrderForUpdate, updateOrderStatus } from "../../../db/repositories/orders/orders";
import { findStaffById } from "../../../db/repositories/people/staff";
import { enqueueEmail } from "../../../db/repositories/platform/email-outbox";
import { lockInstaller } from "../../../db/repositories/scheduling/availability";
import {
  countVisits,
  findNextVisit,
  findVisitById,
  findVisitsBetween,
  findVisitsForOrder,
  getVisitById,
  updateVisit,
  type VisitListRow,
} from "../../../db/repositories/scheduling/visits";
import type { Order, VisitSource } from "../../../db/types";
import { bookingCustomerEmail, bookingStoreEmail } from "../../../email/booking-emails";
import { type CalendarVisit, visitCancellation, visitInvite } from "../../../email/visit-calendar";
import { type VisitChange, visitChangeEmail } from "../../../email/visit-emails";
import { AppError, fieldError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import { recordOrderChange } from "../../orders/order-events";
import { moveOrderByWork, recordStatusMove } from "../../orders/order-moves";
import type { Actor } from "../../people/actor";
import { recordAudit } from "../../people/audit";
import { bookedVisitRow } from "../booked-visit";

export interface VisitView {
  id: number;
  /** Where it was booked: by the office, or by the customer at /book. */
  source: VisitSource;
  /** The booking's reference (/bookings/REFERENCE) of a visit booked in a window; else null. */
  reference: string | null;
  /** The order it serves; null for a measurement visit booked before any order. */
  orderId: number | null;
  orderReference: string | null;
  /** "Order #1001": the name every screen and email uses. */
  orderNumber: number | null;
  orderStatus: string | null;
  estimateRequestId: number | null;
  kind: VisitKind;
  kindLabel: string;
  status: VisitStatus;
  statusLabel: string;
  date: string;
  start: string;
  end: string;
  /** "Tuesday, December 2, 9–11 AM" */
  when: string;
  staffId: number | null;
  staffName: string | null;
  customerName: string;
  customerPhone: string;
  /** The customer's language: the visit's emails and texts are written in it. */
  language: Language;
  address: string;
  note: string | null;
  textReminders: boolean;
  sequence: number;
  /** Other scheduled visits of the same staff member that overlap this one. */
  overlapsWith: number[];
}

/** What the customer sees: the next visit in words. */
export interface NextVisit {
  kind: VisitKind;
  kindLabel: string;
  date: string;
  start: string;
  end: string;
  when: string;
}

export const FEED_DAYS_BACK = 30;

export const FEED_DAYS_AHEAD = 180;

/** "Order #1001", or what a visit without an order is: "booked online". */
export function visitLabel(row: Pick<VisitListRow, "order_number" | "source">): string {
  if (row.order_number !== null) return `Order #${row.order_number}`;
  return row.source === "online" ? "Booked online" : "Booked by the office";
}

export function toView(row: VisitListRow): VisitView {
  const kind = row.kind;
  const status = row.status;
  return {
    id: row.id,
    source: row.source,
    reference: row.reference,
    orderId: row.order_id,
    orderReference: row.order_reference,
    orderNumber: row.order_number === null ? null : Number(row.order_number),
    orderStatus: row.order_status,
    estimateRequestId: row.estimate_request_id,
    kind,
    kindLabel: VISIT_KIND_LABELS[kind] ?? row.kind,
    status,
    statusLabel: VISIT_STATUS_LABELS[status] ?? row.status,
    date: row.visit_date,
    start: row.start_time,
    end: row.end_time,
    when: formatVisitWindow({ date: row.visit_date, start: row.start_time, end: row.end_time }),
    staffId: row.staff_id,
    staffName: row.staff_name,
    customerName: `${row.customer_first_name} ${row.customer_last_name}`,
    customerPhone: row.customer_phone,
    language: row.language,
    address: `${row.customer_address}, ${row.customer_city} ${row.customer_zip_code}`,
    note: row.note,
    textReminders: Number(row.text_reminders) === 1,
    sequence: row.sequence,
    overlapsWith: [],
  };
}

/** Flags, per staff member and day, the scheduled visits whose times overlap. */
export function flagOverlaps(visits: VisitView[]): VisitView[] {
  const groups = new Map<string, VisitView[]>();
  for (const v of visits) {
    if (v.status !== "scheduled" || v.staffId === null) continue;
    const key = `${v.staffId} ${v.date}`;
    const group = groups.get(key) ?? [];
    group.push(v);
    groups.set(key, group);
  }
  return visits.map((v) => {
    const group = v.status === "scheduled" ? groups.get(`${v.staffId} ${v.date}`) : undefined;
    const overlapsWith = (group ?? [])
      .filter((o) => o.id !== v.id && timesOverlap(o, v))
      .map((o) => o.id);
    return overlapsWith.length ? { ...v, overlapsWith } : v;
  });
}

export function hashFeedToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Who changes a visit: someone in the back office, or the customer at /bookings/REFERENCE. */
export interface VisitChanger {
  actor: Actor;
  byCustomer?: boolean;
}

export function calendarVisit(
  deps: ServiceDeps,
  row: VisitListRow,
  customer?: { name: string; email: string },
): CalendarVisit {
  const { config } = deps;
  const business = config.business;

  const forCustomer = customer !== undefined;
  const name = `${row.customer_first_name} ${row.customer_last_name}`;
  const location = `${row.customer_address}, ${row.customer_city}, FL ${row.customer_zip_code}`;
  const label = visitLabel(row);
  const admin =
    row.order_id !== null
      ? `${config.publicUrl}/admin/orders/${row.order_id}`
      : `${config.publicUrl}/admin/visits/${row.id}`;
  return {
    uid: row.uid,
    sequence: row.sequence,
    kind: row.kind,
    status: row.status,
    date: row.visit_date,
    start: row.start_time,
    end: row.end_time,
    updatedAt: row.updated_at,
    orderReference: row.order_reference ?? "",
    location,
    description: forCustomer
      ? `${label}. Questions or a change of time? Call ${business.phone}.`
      : `${label} · ${name} · ${row.customer_phone}${row.note ? `\nNote: ${row.note}` : ""}\n${admin}`,
    ...(customer ? { customer } : {}),
  };
}

export function visitEmail(
  deps: ServiceDeps,
  order: Order,
  row: VisitListRow,
  change: VisitChange,
) {
  const { config } = deps;
  const business = config.business;

  const invite = calendarVisit(deps, row, {
    name: `${order.first_name} ${order.last_name}`,
    email: order.email,
  });
  return visitChangeEmail(
    { business, publicUrl: config.publicUrl },
    order,
    { kind: row.kind, date: row.visit_date, start: row.start_time, end: row.end_time },
    change,
    // A cancelled visit withdraws the invite (METHOD:CANCEL), so calendars drop the event.
    change === "cancelled" ? visitCancellation(business, invite) : visitInvite(business, invite),
  );
}

export async function checkStaff(trx: Db, staffId: number | null | undefined): Promise<void> {
  if (staffId === null || staffId === undefined) return;
  const staff = await findStaffById(trx, staffId);
  if (staff?.active !== 1) {
    throw fieldError("validation_failed", "staffId", "no active staff member has this id.");
  }
}

/**
 * Decision 212: booking an installer who has another visit then (wherever it was booked) is
 * refused with 409 visit_overlap, before anything is written or any invite queued, unless
 * the office confirms a two-person job. The installer's row is locked first so an online
 * booking can't slip in between the check and the insert.
 */
export async function checkOverlap(
  trx: Db,
  when: { date: string; start: string; end: string; staffId: number | null },
  twoPersonJob: boolean,
  exceptVisitId?: number,
): Promise<void> {
  if (when.staffId === null || twoPersonJob) return;
  await lockInstaller(trx, when.staffId);
  const visits = await findVisitsBetween(trx, {
    from: when.date,
    to: when.date,
    staffId: when.staffId,
  });
  const clashes = visits
    .filter((v) => v.status === "scheduled" && v.id !== exceptVisitId)
    .filter((v) => timesOverlap({ start: v.start_time, end: v.end_time }, when))
    .map(
      (v) =>
        `${formatTimeWindow(v.start_time, v.end_time)} (${v.order_reference ? `order ${v.order_reference}` : visitLabel(v).toLowerCase()})`,
    );
  if (clashes.length) throw overlapError(visits[0]?.staff_name ?? "This installer", clashes);
}

export function overlapError(name: string, clashes: string[]): AppError {
  const what = clashes.length ? `${clashes.join(", ")} that day` : "a visit booked then";
  return new AppError(
    "visit_overlap",
    `${name} already has ${what}. Nothing was booked and no invite sent: pick another time or person, or confirm it is a two-person job.`,
    { details: { overlaps: clashes } },
  );
}

export async function listVisits(
  deps: ServiceDeps,
  range: { from: string; to: string; staffId?: number },
) {
  const { db } = deps;

  return flagOverlaps((await findVisitsBetween(db, range)).map(toView));
}

/** The order's visits, each flagged against its staff member's other visits that day. */
export async function visitsForOrder(deps: ServiceDeps, orderId: number): Promise<VisitView[]> {
  const { db } = deps;

  const own = (await findVisitsForOrder(db, orderId)).map(toView);
  const days = [...new Set(own.map((v) => v.date))].sort();
  const [from, to] = [days[0], days.at(-1)];
  if (from === undefined || to === undefined) return own;
  const sameDays = await listVisits(deps, { from, to });
  const flagged = new Map(sameDays.map((v) => [v.id, v.overlapsWith]));
  return own.map((v) => ({ ...v, overlapsWith: flagged.get(v.id) ?? [] }));
}

export async function nextVisit(
  deps: ServiceDeps,
  orderId: number,
  today: string = storeToday(),
): Promise<NextVisit | null> {
  const { db } = deps;

  const row = await findNextVisit(db, orderId, today);
  if (!row) return null;
  const kind = row.kind;
  return {
    kind,
    kindLabel: VISIT_KIND_LABELS[kind] ?? row.kind,
    date: row.visit_date,
    start: row.start_time,
    end: row.end_time,
    when: formatVisitWindow({ date: row.visit_date, start: row.start_time, end: row.end_time }),
  };
}

/** One visit as the lists show it, flagged against its installer's other visits that day. */
export async function viewOf(deps: ServiceDeps, id: number): Promise<VisitView> {
  const { db } = deps;

  const row = await getVisitById(db, id);
  const sameDay = await listVisits(deps, { from: row.visit_date, to: row.visit_date });
  return sameDay.find((v) => v.id === id) ?? toView(row);
}

/**
 * Moves, re-assigns, re-kinds, cancels or marks done one visit inside `trx`: the office's
 * PATCH and the customer's move or cancellation at /bookings/REFERENCE alike,
 * so that the overlap rule, the calendar SEQUENCE, the reminder, the history and the
 * customer's invite (or its cancellation) follow every change the same way. Returns whether
 * an email was queued.
 */
export async function changeVisit(
  deps: ServiceDeps,
  trx: Db,
  id: number,
  input: VisitUpdate,
  changer: VisitChanger,
): Promise<boolean> {
  const { config } = deps;
  const business = config.business;
  const mailContext = { business, publicUrl: config.publicUrl, storeEmail: config.storeEmail };

  const { actor } = changer;
  const at = now();
  const found = await findVisitById(trx, id);
  if (!found) throw new AppError("not_found", "Visit not found.");
  // The order's row lock before anything else: cancelling its only
  // installation visit may move the order's status.
  const order =
    found.order_id === null ? null : ((await lockOrderForUpdate(trx, found.order_id)) ?? null);
  if (found.order_id !== null && !order) throw new AppError("not_found", "Order not found.");
  const before = (await findVisitById(trx, id)) ?? found;
  await checkStaff(trx, input.staffId);
  const next = {
    kind: input.kind ?? before.kind,
    status: input.status ?? before.status,
    date: input.date ?? before.visit_date,
    start: input.start ?? before.start_time,
    end: input.end ?? before.end_time,
    staffId: input.staffId === undefined ? before.staff_id : input.staffId,
  };
  if (next.start >= next.end) {
    throw new AppError("validation_failed", "end must be after start");
  }
  const reassigned = next.staffId !== before.staff_id;
  const moved =
    next.date !== before.visit_date ||
    next.start !== before.start_time ||
    next.end !== before.end_time;
  const cancelled = next.status === "cancelled" && before.status !== "cancelled";
  if ((moved || reassigned) && next.status === "scheduled") {
    await checkOverlap(trx, next, input.twoPersonJob, id);
  }
  // The customer's calendar replaces its copy only when SEQUENCE grows (RFC 5546).
  const sequence =
    moved || cancelled || next.kind !== before.kind || next.status !== before.status
      ? before.sequence + 1
      : before.sequence;
  try {
    // A moved visit is reminded again the day before its new date.
    await updateVisit(trx, id, { ...next, sequence, at, remindAgain: moved });
  } catch (error) {
    // The claim of a booked window (migration 0020) refuses a second booked visit then.
    // (The customer's move answers it as window_taken, with fresh windows.)
    if (isUniqueViolation(error) && !changer.byCustomer) {
      throw overlapError(before.staff_name ?? "This installer", []);
    }
    throw error;
  }
  const after = await getVisitById(trx, id);
  await recordChange(trx, { before, after, next, order, changer, moved, at });
  if (order) await moveOrderAfterChange(trx, { before, next, order, actor, at });
  const tell =
    changer.byCustomer === true ||
    (input.notifyCustomer && (moved || cancelled || before.status !== next.status));
  if (!tell || next.status === "done") return false;
  const change: VisitChange = cancelled ? "cancelled" : "moved";
  const booked = bookedVisitRow(after);
  if (booked) {
    await enqueueEmail(trx, bookingCustomerEmail(mailContext, booked, change));
    if (changer.byCustomer) {
      await enqueueEmail(
        trx,
        bookingStoreEmail(mailContext, booked, change, moved ? before : undefined),
      );
    }
    return true;
  }
  if (!order) return false;
  await enqueueEmail(trx, visitEmail(deps, order, after, change));
  return true;
}

/** The change in the order's history and the audit log (the customer's own: the order's only). */
export async function recordChange(
  trx: Db,
  c: {
    before: VisitListRow;
    after: VisitListRow;
    next: { kind: VisitKind; status: VisitStatus; staffId: number | null };
    order: Order | null;
    changer: VisitChanger;
    moved: boolean;
    at: string;
  },
): Promise<void> {
  const { before, after, next, order, changer, at } = c;
  const changes: string[] = [];
  if (c.moved) changes.push(`moved from ${toView(before).when} to ${toView(after).when}`);
  if (next.status !== before.status) changes.push(`marked ${VISIT_STATUS_LABELS[next.status]}`);
  if (next.staffId !== before.staff_id) {
    changes.push(`assigned to ${after.staff_name ?? "nobody"}`);
  }
  if (next.kind !== before.kind) changes.push(`now a ${VISIT_KIND_LABELS[next.kind]}`);
  if (!changes.length) return;
  const by = changer.byCustomer ? " by the customer" : "";
  const summary = `${VISIT_KIND_LABELS[before.kind]} ${changes.join(", ")}${by}`;
  const was = {
    date: before.visit_date,
    start: before.start_time,
    end: before.end_time,
    staffId: before.staff_id,
    status: before.status,
  };
  const became = {
    date: after.visit_date,
    start: after.start_time,
    end: after.end_time,
    staffId: after.staff_id,
    status: after.status,
    kind: after.kind,
  };
  if (order) {
    await recordOrderChange(trx, changer.actor, at, {
      orderId: order.id,
      kind: "visit",
      summary,
      details: { visitId: before.id, before: was, after: became },
      audit: {
        kind: "visit",
        summary: `Order #${order.order_number}: ${summary}`,
        details: {
          before: { visitId: before.id, ...was },
          after: { visitId: before.id, ...became },
        },
      },
    });
    return;
  }
  // The audit log is the back office's: a customer's own move or cancellation is in the
  // store's notice and the visit's SEQUENCE.
  if (changer.byCustomer) return;
  await recordAudit(
    trx,
    changer.actor,
    "visit",
    `${visitLabel(before)} ${before.reference ?? `#${before.id}`}: ${summary}`,
    { before: { visitId: before.id, ...was }, after: { visitId: before.id, ...became } },
  );
}

/** Statuses follow the work: what a visit's change does to its order. */
export async function moveOrderAfterChange(
  trx: Db,
  c: {
    before: VisitListRow;
    next: { kind: VisitKind; status: VisitStatus };
    order: Order;
    actor: Actor;
    at: string;
  },
): Promise<void> {
  const { before, next, order, actor, at } = c;
  // Cancelling the only installation visit of an order marked Installation Scheduled
  // takes it back to In Production, the cause in its history.
  if (
    order.status === "scheduled" &&
    before.kind === "install" &&
    (next.status === "cancelled" || next.kind !== "install") &&
    (await countVisits(trx, {
      orderId: order.id,
      kind: "install",
      statuses: ["scheduled", "done"],
    })) === 0 &&
    (await updateOrderStatus(trx, order.id, "scheduled", "in_production", at))
  ) {
    const note = `Installation visit of ${toView(before).when} cancelled; no installation visit is booked any more.`;
    await recordStatusMove(trx, actor, {
      order,
      from: "scheduled",
      to: "in_production",
      kind: "back",
      note,
      why: " (a step back): its installation visit was cancelled",
      after: { back: true },
      at,
    });
  }
  if (next.kind === "measure" && next.status === "done" && before.status !== "done") {
    await moveOrderByWork(trx, order.id, "measured", "measurement visit marked done", actor, at);
  }
}
