/**
 * Emails of visits booked online: the customer's invite (booked, moved:
 * METHOD:REQUEST with the same UID and a higher SEQUENCE; cancelled: METHOD:CANCEL), the
 * store's notice of each change, the day-before reminder and "on my way".
 */

import { formatVisitWindow } from "../../domain/scheduling/visit-time";
import type { BusinessFacts } from "../../domain/shared/business";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import type { BookingRow } from "../db/types";
import { emailLayout, escapeHtml, phoneLinkHtml, textFooter } from "./render";
import { type CalendarVisit, visitCancellation, visitInvite } from "./visit-calendar";

export type BookingChange = "booked" | "moved" | "cancelled";

interface Context {
  business: BusinessFacts;
  publicUrl: string;
  storeEmail: string;
}

function when(b: Pick<BookingRow, "visit_date" | "start_time" | "end_time">): string {
  return formatVisitWindow({ date: b.visit_date, start: b.start_time, end: b.end_time });
}

export function bookingCalendarVisit(ctx: Context, b: BookingRow): CalendarVisit {
  return {
    uid: b.uid,
    sequence: b.sequence,
    kind: "measure",
    status: b.status,
    date: b.visit_date,
    start: b.start_time,
    end: b.end_time,
    updatedAt: b.updated_at,
    orderReference: "",
    location: `${b.address}, ${b.city}, FL ${b.zip_code}`,
    description: `Free measurement visit: we arrive within this window. To move or cancel: ${ctx.publicUrl}/bookings/${b.reference} (until 24 hours before), or call ${ctx.business.phone}.`,
    customer: { name: `${b.first_name} ${b.last_name}`, email: b.email },
  };
}

/** The customer's email with the invite (or its cancellation). */
export function bookingCustomerEmail(ctx: Context, b: BookingRow, change: BookingChange): NewEmail {
  const { business } = ctx;
  const link = `${ctx.publicUrl}/bookings/${b.reference}`;
  const sentence =
    change === "cancelled"
      ? `Your measurement visit on ${when(b)} is cancelled.`
      : change === "moved"
        ? `Your measurement visit has moved to ${when(b)} (arrival window).`
        : `Your free measurement visit is booked for ${when(b)} (arrival window).`;
  const subject =
    change === "cancelled"
      ? `Cancelled: measurement visit, ${when(b)}`
      : `Measurement visit: ${when(b)}`;
  const place = `${b.address}, ${b.city}`;
  const manage =
    change === "cancelled"
      ? `Want another time? Book again at ${ctx.publicUrl}/book or call ${business.phone}.`
      : `To move or cancel it (until 24 hours before): ${link}\nAfter that, please call ${business.phone}.`;
  const text = `Hello ${b.first_name},\n\n${sentence}\nWhere: ${place}\n\n${change === "cancelled" ? "" : "The calendar invite is attached.\n"}${manage}\n${textFooter(business)}`;
  const html = emailLayout(
    business,
    subject,
    `<p>Hello ${escapeHtml(b.first_name)},</p>
<p>${escapeHtml(sentence)}</p>
<p>Where: ${escapeHtml(place)}</p>
${
  change === "cancelled"
    ? `<p>Want another time? <a href="${escapeHtml(`${ctx.publicUrl}/book`)}">Book again</a> or call ${escapeHtml(business.phone)}.</p>`
    : `<p>The calendar invite is attached. <a href="${escapeHtml(link)}">Move or cancel your visit</a> until 24 hours before; after that, please call ${escapeHtml(business.phone)}.</p>`
}`,
  );
  const visit = bookingCalendarVisit(ctx, b);
  return {
    kind: "booking",
    to: b.email,
    subject,
    text,
    html,
    calendar:
      change === "cancelled" ? visitCancellation(business, visit) : visitInvite(business, visit),
    relatedType: "booking",
    relatedId: b.id,
  };
}

/** The store's notice of a booking, a move or a cancellation. */
export function bookingStoreEmail(
  ctx: Context,
  b: BookingRow & { staff_name: string | null },
  change: BookingChange,
  before?: Pick<BookingRow, "visit_date" | "start_time" | "end_time">,
): NewEmail {
  const verb =
    change === "booked"
      ? "Booked online"
      : change === "moved"
        ? "Moved online"
        : "Cancelled online";
  const subject = `${verb}: measurement visit ${when(b)}`;
  const lines = [
    `${verb} by the customer.`,
    before ? `Was: ${when(before)}` : null,
    `When: ${when(b)}`,
    `Installer: ${b.staff_name ?? "nobody"}`,
    `Customer: ${b.first_name} ${b.last_name}, ${b.email}`,
    `Phone: ${b.phone}`,
    `Address: ${b.address}, ${b.city} ${b.zip_code}`,
    b.note ? `Note: ${b.note}` : null,
    `Texts: ${b.text_reminders ? "yes" : "no"}`,
  ].filter((l): l is string => l !== null);
  const schedule = `${ctx.publicUrl}/admin/schedule?week=${b.visit_date}`;
  return {
    kind: "booking_store",
    to: ctx.storeEmail,
    subject,
    text: `${lines.join("\n")}\nSchedule: ${schedule}\n${textFooter(ctx.business, { forStore: true })}`,
    html: emailLayout(
      ctx.business,
      subject,
      `${lines
        .map((l) =>
          l.startsWith("Phone: ")
            ? `<p>Phone: ${phoneLinkHtml(l.slice(7))}</p>`
            : `<p>${escapeHtml(l)}</p>`,
        )
        .join("\n")}
<p><a href="${escapeHtml(schedule)}">Open the week in the schedule</a></p>`,
      { forStore: true },
    ),
    relatedType: "booking",
    relatedId: b.id,
  };
}

/** The day-before reminder (email). */
export function reminderEmail(
  ctx: Context,
  input: {
    to: string;
    firstName: string;
    date: string;
    start: string;
    end: string;
    label: string;
    relatedType: string;
    relatedId: number;
  },
): NewEmail {
  const window = formatVisitWindow(input);
  const subject = `Reminder: ${input.label.toLowerCase()} tomorrow, ${window}`;
  const manage = `Need another time? Call ${ctx.business.phone}.`;
  const text = `Hello ${input.firstName},\n\nA reminder: your ${input.label.toLowerCase()} is tomorrow, ${window} (arrival window).\n${manage}\n${textFooter(ctx.business)}`;
  return {
    kind: "reminder",
    to: input.to,
    subject,
    text,
    html: emailLayout(
      ctx.business,
      subject,
      `<p>Hello ${escapeHtml(input.firstName)},</p>
<p>A reminder: your ${escapeHtml(input.label.toLowerCase())} is tomorrow, ${escapeHtml(window)} (arrival window).</p>
<p>${escapeHtml(manage)}</p>`,
    ),
    relatedType: input.relatedType,
    relatedId: input.relatedId,
  };
}

export function onMyWayEmail(
  ctx: Context,
  input: { to: string; firstName: string; minutes: number; relatedType: string; relatedId: number },
): NewEmail {
  const subject = `On the way: arriving in about ${input.minutes} minutes`;
  const sentence = `Your installer from ${ctx.business.name} is on the way and should arrive in about ${input.minutes} minutes.`;
  return {
    kind: "on_my_way",
    to: input.to,
    subject,
    text: `Hello ${input.firstName},\n\n${sentence}\nQuestions? Call ${ctx.business.phone}.\n${textFooter(ctx.business)}`,
    html: emailLayout(
      ctx.business,
      subject,
      `<p>Hello ${escapeHtml(input.firstName)},</p><p>${escapeHtml(sentence)}</p><p>Questions? Call ${escapeHtml(ctx.business.phone)}.</p>`,
    ),
    relatedType: input.relatedType,
    relatedId: input.relatedId,
  };
}
