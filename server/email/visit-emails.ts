/**
 * The customer's email when the office books, moves or cancels a visit of an order (decision
 * 150), with the calendar invite the scheduling service made.
 */

import { visitWindowIn } from "../../domain/i18n/dates";
import type { VisitKind } from "../../domain/scheduling/visit-time";
import type { BusinessFacts } from "../../domain/shared/business";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import type { Order } from "../db/types";
import { emailLayout, escapeHtml, textFooter } from "./render";
import { customerUrl, emailWords } from "./words";

export type VisitChange = "booked" | "moved" | "cancelled";

export function visitChangeEmail(
  ctx: { business: BusinessFacts; publicUrl: string },
  order: Pick<
    Order,
    "id" | "reference" | "order_number" | "first_name" | "email" | "address" | "city" | "language"
  >,
  visit: { kind: VisitKind; date: string; start: string; end: string },
  change: VisitChange,
  calendar: string,
): NewEmail {
  const { business } = ctx;
  const { language } = order;
  const w = emailWords(language);
  const label = w.t(`visitKind.${visit.kind}`);
  const kind = w.t(`visitKindLower.${visit.kind}`);
  const when = visitWindowIn(language, visit);
  const link = customerUrl(
    ctx.publicUrl,
    language,
    `/orders/${encodeURIComponent(order.reference)}`,
  );
  const sentence = w.t(`visit.${change}`, { kind, when });
  const subject = w.t(change === "cancelled" ? "visit.subjectCancelled" : "visit.subject", {
    kind: label,
    when,
  });
  const place = `${order.address}, ${order.city}`;
  const number = order.order_number;
  return {
    kind: "visit",
    to: order.email,
    subject,
    text: `${w.t("hello", { name: order.first_name })}\n\n${sentence}\n${w.t("where", { place })}\n${w.t("visit.order", { number })}\n\n${w.t("visit.seeOrderText", { url: link })}\n${w.t("anotherTimeCall", { phone: business.phone })}\n${textFooter(business, { language })}`,
    html: emailLayout(
      business,
      subject,
      `<p>${w.html("hello", { name: order.first_name })}</p>
<p>${escapeHtml(sentence)}</p>
<p>${w.html("where", { place })}<br>${w.html("visit.order", {}, { number: `<strong>${number}</strong>` }).replace("#<strong>", "<strong>#")}</p>
<p>${w.html("calendarAttached")} <a href="${escapeHtml(link)}">${w.html("seeYourOrder")}</a></p>
<p>${w.html("anotherTimeCall", { phone: business.phone })}</p>`,
      { language },
    ),
    calendar,
    relatedType: "order",
    relatedId: order.id,
  };
}
