/**
 * The completion email: thanks, the
 * receipt, and a link to review the purchase; a review sent from it is a verified purchase.
 */
import type { BusinessFacts } from "../../domain/shared/business";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import {
  type ReceiptData,
  type ReceiptFigures,
  type ReceiptOrder,
  receiptParts,
} from "./receipt-email";
import { emailLayout, escapeHtml, textFooter } from "./render";
import { emailWords } from "./words";

export function renderCompletionEmail(
  business: BusinessFacts,
  data: ReceiptData & { reviewUrl: string; statusUrl: string },
): { subject: string; text: string; html: string } {
  const { language } = data;
  const w = emailWords(language);
  const parts = receiptParts(data, language);
  const number = data.orderNumber;
  const orderName = w.t("orderNumber", { number });
  const subject = w.t("completion.subject", { number });
  const questions = w.t("questionsCall", { phone: business.phone });
  const text = `${w.t("hello", { name: data.firstName })}\n\n${w.t("completion.sentence", { order: orderName, store: business.name })}\n\n${w.t("completion.receipt")}:\n${parts.text}\n\n${w.t("completion.reviewText", { url: data.reviewUrl })}\n\n${w.t("completion.orderText", { url: data.statusUrl })}\n${questions}\n${textFooter(business, { language })}`;
  const html = emailLayout(
    business,
    subject,
    `<p>${w.html("hello", { name: data.firstName })}</p>
<p>${w.html("completion.sentence", { store: business.name }, { order: `<strong>${escapeHtml(orderName)}</strong>` })}</p>
<h3 style="font-size:16px;margin:16px 0 8px">${w.html("completion.receipt")}</h3>
${parts.html}
<p><a href="${escapeHtml(data.reviewUrl)}" style="color:#1d4e5f;font-weight:bold">${w.html("completion.review")}</a></p>
<p><a href="${escapeHtml(data.statusUrl)}">${w.html("seeYourOrder")}</a> · ${escapeHtml(questions)}</p>`,
    { language },
  );
  return { subject, text, html };
}

/** The completion email as an outbox message to the order's customer. */
export function completionEmail(
  business: BusinessFacts,
  order: ReceiptOrder,
  figures: ReceiptFigures,
  links: { reviewUrl: string; statusUrl: string },
): NewEmail {
  return {
    kind: "completion",
    to: order.email,
    ...renderCompletionEmail(business, {
      ...figures,
      ...links,
      language: order.language,
      orderNumber: order.order_number,
      firstName: order.first_name,
    }),
    relatedType: "order",
    relatedId: order.id,
  };
}
