/**
 * The customer's email when the office books, moves or cancels a visit of an order (decision
 * 150), with the calendar invite the scheduling service made.
 */

import {
  formatVisitWindow,
  VISIT_KIND_LABELS,
  type VisitKind,
} from "../../domain/scheduling/visit-time";
import type { BusinessFacts } from "../../domain/shared/business";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import type { Order } from "../db/types";
import { emailLayout, escapeHtml, textFooter } from "./render";

export type VisitChange = "booked" | "moved" | "cancelled";

export function visitChangeEmail(
  ctx: { business: BusinessFacts; publicUrl: string },
  order: Pick<
    Order,
    "id" | "reference" | "order_number" | "first_name" | "email" | "address" | "city"
  >,
  visit: { kind: VisitKind; date: string; start: string; end: string },
  change: VisitChange,
  calendar: string,
): NewEmail {
  const { business } = ctx;
  const label = VISIT_KIND_LABELS[visit.kind];
  const when = formatVisitWindow(visit);
  const link = `${ctx.publicUrl}/orders/${encodeURIComponent(order.reference)}`;
  const sentence =
    change === "cancelled"
      ? `Your ${label.toLowerCase()} on ${when} is cancelled. We will call you to find another time.`
      : change === "moved"
        ? `Your ${label.toLowerCase()} has moved to ${when}.`
        : `Your ${label.toLowerCase()} is booked for ${when}.`;
  const subject = change === "cancelled" ? `Cancelled: ${label}, ${when}` : `${label}: ${when}`;
  const place = `${order.address}, ${order.city}`;
  return {
    kind: "visit",
    to: order.email,
    subject,
    text: `Hello ${order.first_name},\n\n${sentence}\nWhere: ${place}\nOrder: #${order.order_number}\n\nThe calendar invite is attached. See your order: ${link}\nNeed another time? Call ${business.phone}.\n${textFooter(business)}`,
    html: emailLayout(
      business,
      subject,
      `<p>Hello ${escapeHtml(order.first_name)},</p>
<p>${escapeHtml(sentence)}</p>
<p>Where: ${escapeHtml(place)}<br>Order: <strong>#${order.order_number}</strong></p>
<p>The calendar invite is attached. <a href="${escapeHtml(link)}">See your order</a></p>
<p>Need another time? Call ${escapeHtml(business.phone)}.</p>`,
    ),
    calendar,
    relatedType: "order",
    relatedId: order.id,
  };
}
