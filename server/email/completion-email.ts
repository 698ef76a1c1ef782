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

export function renderCompletionEmail(
  business: BusinessFacts,
  data: ReceiptData & { reviewUrl: string; statusUrl: string },
): { subject: string; text: string; html: string } {
  const parts = receiptParts(data);
  const subject = `Order #${data.orderNumber} is installed: thank you`;
  const text = `Hello ${data.firstName},\n\nYour Order #${data.orderNumber} is installed and complete. Thank you for choosing ${business.name}.\n\nYour receipt:\n${parts.text}\n\nHow did we do? Review your purchase: ${data.reviewUrl}\n\nYour order: ${data.statusUrl}\nQuestions? Call ${business.phone}.\n${textFooter(business)}`;
  const html = emailLayout(
    business,
    subject,
    `<p>Hello ${escapeHtml(data.firstName)},</p>
<p>Your <strong>Order #${data.orderNumber}</strong> is installed and complete. Thank you for choosing ${escapeHtml(business.name)}.</p>
<h3 style="font-size:16px;margin:16px 0 8px">Your receipt</h3>
${parts.html}
<p><a href="${escapeHtml(data.reviewUrl)}" style="color:#1d4e5f;font-weight:bold">Review your purchase</a></p>
<p><a href="${escapeHtml(data.statusUrl)}">See your order</a> · Questions? Call ${escapeHtml(business.phone)}.</p>`,
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
      orderNumber: order.order_number,
      firstName: order.first_name,
    }),
    relatedType: "order",
    relatedId: order.id,
  };
}
