/**
 * The receipt: every payment and refund, the total, what was paid and
 * the balance. Sent alone when asked, and inside the completion email. The order
 * is named by its number, never by the private reference that opens the status page.
 */
import { formatStoreDate } from "../../domain/scheduling/visit-time";
import type { BusinessFacts } from "../../domain/shared/business";
import { formatMoney as money } from "../../domain/shared/money";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import { emailLayout, escapeHtml, textFooter } from "./render";

export interface ReceiptPayment {
  /** Negative for a refund. */
  amountCents: number;
  methodLabel: string;
  reference: string | null;
  /** The instant (ISO, UTC); the receipt prints its store date. */
  receivedAt: string;
}

/** What a receipt lists: the payments service's summary of an order. */
export interface ReceiptFigures {
  payments: readonly ReceiptPayment[];
  totalCents: number;
  paidCents: number;
  balanceDueCents: number;
}

export interface ReceiptData extends ReceiptFigures {
  orderNumber: number;
  firstName: string;
}

/** The order a receipt goes to: who, and which order. */
export interface ReceiptOrder {
  id: number;
  order_number: number;
  first_name: string;
  email: string;
}

/** The receipt's lines as text and as an HTML block, to put in any email. */
export function receiptParts(receipt: ReceiptFigures): { text: string; html: string } {
  const lines = receipt.payments.map(
    (p) =>
      `${formatStoreDate(p.receivedAt)}  ${p.amountCents < 0 ? "Refund" : "Payment"} ${p.methodLabel}${p.reference ? ` ${p.reference}` : ""}  ${money(p.amountCents)}`,
  );
  const due = money(Math.max(0, receipt.balanceDueCents));
  const text = `${lines.join("\n")}\n\nOrder total: ${money(receipt.totalCents)}\nPaid: ${money(receipt.paidCents)}\nBalance due: ${due}`;
  const rows = receipt.payments
    .map(
      (p) =>
        `<tr><td style="padding:4px 8px">${escapeHtml(formatStoreDate(p.receivedAt))}</td><td style="padding:4px 8px">${p.amountCents < 0 ? "Refund" : "Payment"}, ${escapeHtml(p.methodLabel)}${p.reference ? ` ${escapeHtml(p.reference)}` : ""}</td><td style="padding:4px 8px;text-align:right">${escapeHtml(money(p.amountCents))}</td></tr>`,
    )
    .join("");
  const html = `<table style="border-collapse:collapse;width:100%"><thead><tr><th style="text-align:left;padding:4px 8px">Date</th><th style="text-align:left;padding:4px 8px">What</th><th style="text-align:right;padding:4px 8px">Amount</th></tr></thead><tbody>${rows}</tbody></table>
<p>Order total: ${escapeHtml(money(receipt.totalCents))}<br>Paid: ${escapeHtml(money(receipt.paidCents))}<br><strong>Balance due: ${escapeHtml(due)}</strong></p>`;
  return { text, html };
}

export function renderReceiptEmail(
  business: BusinessFacts,
  receipt: ReceiptData,
): { subject: string; text: string; html: string } {
  const parts = receiptParts(receipt);
  const subject = `Receipt for Order #${receipt.orderNumber}`;
  const text = `Hello ${receipt.firstName},\n\nThank you. Here is what we have received for Order #${receipt.orderNumber}.\n\n${parts.text}\n\nQuestions? Call ${business.phone}.\n${textFooter(business)}`;
  const html = emailLayout(
    business,
    subject,
    `<p>Hello ${escapeHtml(receipt.firstName)},</p>
<p>Thank you. Here is what we have received for <strong>Order #${receipt.orderNumber}</strong>.</p>
${parts.html}
<p>Questions? Call ${escapeHtml(business.phone)}.</p>`,
  );
  return { subject, text, html };
}

/** The receipt as an outbox message to the order's customer. */
export function receiptEmail(
  business: BusinessFacts,
  order: ReceiptOrder,
  figures: ReceiptFigures,
): NewEmail {
  return {
    kind: "receipt",
    to: order.email,
    ...renderReceiptEmail(business, {
      ...figures,
      orderNumber: order.order_number,
      firstName: order.first_name,
    }),
    relatedType: "order",
    relatedId: order.id,
  };
}
