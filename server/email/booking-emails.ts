/**
 * Emails of visits booked online: the customer's invite (booked, moved:
 * METHOD:REQUEST with the same UID and a higher SEQUENCE; cancelled: METHOD:CANCEL), the
 * store's notice of each change, the day-before reminder and "on my way".
 */

import { visitWindowIn } from "../../domain/i18n/dates";
import type { Language } from "../../domain/i18n/language";
import type { VisitKind } from "../../domain/scheduling/visit-time";
import type { BusinessFacts } from "../../domain/shared/business";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import type { BookingRow } from "../db/types";
import { emailLayout, escapeHtml, phoneLinkHtml, textFooter } from "./render";
import { type CalendarVisit, visitCancellation, visitInvite } from "./visit-calendar";
import { customerUrl, emailWords, languageNoticeLine } from "./words";

export type BookingChange = "booked" | "moved" | "cancelled";

interface Context {
  business: BusinessFacts;
  publicUrl: string;
  storeEmail: string;
}

function when(
  b: Pick<BookingRow, "visit_date" | "start_time" | "end_time">,
  language: Language = "en",
): string {
  return visitWindowIn(language, { date: b.visit_date, start: b.start_time, end: b.end_time });
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
    description: emailWords(b.language).t("booking.calendarDescription", {
      url: customerUrl(ctx.publicUrl, b.language, `/bookings/${b.reference}`),
      phone: ctx.business.phone,
    }),
    customer: { name: `${b.first_name} ${b.last_name}`, email: b.email },
  };
}

/** The customer's email with the invite (or its cancellation), in the booking's language. */
export function bookingCustomerEmail(ctx: Context, b: BookingRow, change: BookingChange): NewEmail {
  const { business } = ctx;
  const { language } = b;
  const w = emailWords(language);
  const link = customerUrl(ctx.publicUrl, language, `/bookings/${b.reference}`);
  const bookAgain = customerUrl(ctx.publicUrl, language, "/book");
  const at = when(b, language);
  const sentence = w.t(`booking.${change}`, { when: at });
  const subject = w.t(change === "cancelled" ? "booking.subjectCancelled" : "booking.subject", {
    when: at,
  });
  const place = `${b.address}, ${b.city}`;
  const phone = business.phone;
  const manage =
    change === "cancelled"
      ? w.t("booking.bookAgainText", { url: bookAgain, phone })
      : `${w.t("booking.manageText", { url: link })}\n${w.t("booking.afterThat", { phone })}`;
  const text = `${w.t("hello", { name: b.first_name })}\n\n${sentence}\n${w.t("where", { place })}\n\n${change === "cancelled" ? "" : `${w.t("calendarAttached")}\n`}${manage}\n${textFooter(business, { language })}`;
  const html = emailLayout(
    business,
    subject,
    `<p>${w.html("hello", { name: b.first_name })}</p>
<p>${escapeHtml(sentence)}</p>
<p>${w.html("where", { place })}</p>
${
  change === "cancelled"
    ? `<p>${w.html("booking.bookAgainBefore")}<a href="${escapeHtml(bookAgain)}">${w.html("booking.bookAgainLink")}</a>${w.html("booking.bookAgainAfter", { phone })}</p>`
    : `<p>${w.html("calendarAttached")} <a href="${escapeHtml(link)}">${w.html("booking.manageLink")}</a>${w.html("booking.manageAfter", { phone })}</p>`
}`,
    { language },
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
    languageNoticeLine(b.language),
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

/** The day-before reminder (email), in the customer's language. */
export function reminderEmail(
  ctx: Context,
  input: {
    to: string;
    firstName: string;
    date: string;
    start: string;
    end: string;
    kind: VisitKind;
    language: Language;
    relatedType: string;
    relatedId: number;
  },
): NewEmail {
  const { language } = input;
  const w = emailWords(language);
  const window = visitWindowIn(language, input);
  const kind = w.t(`visitKindLower.${input.kind}`);
  const subject = w.t("reminder.subject", { kind, when: window });
  const manage = w.t("anotherTimeCall", { phone: ctx.business.phone });
  const sentence = w.t("reminder.sentence", { kind, when: window });
  const text = `${w.t("hello", { name: input.firstName })}\n\n${sentence}\n${manage}\n${textFooter(ctx.business, { language })}`;
  return {
    kind: "reminder",
    to: input.to,
    subject,
    text,
    html: emailLayout(
      ctx.business,
      subject,
      `<p>${w.html("hello", { name: input.firstName })}</p>
<p>${escapeHtml(sentence)}</p>
<p>${escapeHtml(manage)}</p>`,
      { language },
    ),
    relatedType: input.relatedType,
    relatedId: input.relatedId,
  };
}

export function onMyWayEmail(
  ctx: Context,
  input: {
    to: string;
    firstName: string;
    minutes: number;
    language: Language;
    relatedType: string;
    relatedId: number;
  },
): NewEmail {
  const { language, minutes } = input;
  const w = emailWords(language);
  const subject = w.t("onMyWay.subject", { minutes });
  const sentence = w.t("onMyWay.sentence", { store: ctx.business.name, minutes });
  const questions = w.t("questionsCall", { phone: ctx.business.phone });
  return {
    kind: "on_my_way",
    to: input.to,
    subject,
    text: `${w.t("hello", { name: input.firstName })}\n\n${sentence}\n${questions}\n${textFooter(ctx.business, { language })}`,
    html: emailLayout(
      ctx.business,
      subject,
      `<p>${w.html("hello", { name: input.firstName })}</p><p>${escapeHtml(sentence)}</p><p>${escapeHtml(questions)}</p>`,
      { language },
    ),
    relatedType: input.relatedType,
    relatedId: input.relatedId,
  };
}
