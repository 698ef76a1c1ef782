/**
 * The receipt: every payment and refund, the total, what was paid and
 * the balance. Sent alone when asked, and inside the completion email. The order
 * is named by its number, never by the private reference that opens the status page.
 */
import { storeDateIn } from "../../domain/i18n/dates";
import type { Language } from "../../domain/i18n/language";
import type { PaymentMethod } from "../../domain/shared/back-office-schema";
import type { BusinessFacts } from "../../domain/shared/business";
import { formatMoney as money } from "../../domain/shared/money";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import { emailLayout, escapeHtml, textFooter } from "./render";
import { emailWords } from "./words";

export interface ReceiptPayment {
  /** Negative for a refund. */
  amountCents: number;
  methodLabel: string;
  /** The method's key, for its name in the customer's language (the label is English). */
  method?: PaymentMethod;
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
  language: Language;
  orderNumber: number;
  firstName: string;
}

/** The order a receipt goes to: who, and which order. */
export interface ReceiptOrder {
  id: number;
  order_number: number;
  first_name: string;
  email: string;
  language: Language;
}

/** The receipt's lines as text and as an HTML block, to put in any email. */
export function receiptParts(
  receipt: ReceiptFigures,
  language: Language = "en",
): { text: string; html: string } {
  const w = emailWords(language);
  const kind = (p: ReceiptPayment) => w.t(p.amountCents < 0 ? "receipt.refund" : "receipt.payment");
  const method = (p: ReceiptPayment) =>
    p.method && language !== "en" ? w.t(`method.${p.method}`) : p.methodLabel;
  const date = (p: ReceiptPayment) => storeDateIn(language, p.receivedAt);
  const lines = receipt.payments.map(
    (p) =>
      `${date(p)}  ${kind(p)} ${method(p)}${p.reference ? ` ${p.reference}` : ""}  ${money(p.amountCents)}`,
  );
  const due = money(Math.max(0, receipt.balanceDueCents));
  const total = w.t("receipt.orderTotal", { amount: money(receipt.totalCents) });
  const paid = w.t("receipt.paid", { amount: money(receipt.paidCents) });
  const balance = w.t("receipt.balance", { amount: due });
  const text = `${lines.join("\n")}\n\n${total}\n${paid}\n${balance}`;
  const rows = receipt.payments
    .map(
      (p) =>
        `<tr><td style="padding:4px 8px">${escapeHtml(date(p))}</td><td style="padding:4px 8px">${kind(p)}, ${escapeHtml(method(p))}${p.reference ? ` ${escapeHtml(p.reference)}` : ""}</td><td style="padding:4px 8px;text-align:right">${escapeHtml(money(p.amountCents))}</td></tr>`,
    )
    .join("");
  const html = `<table style="border-collapse:collapse;width:100%"><thead><tr><th style="text-align:left;padding:4px 8px">${w.html("receipt.date")}</th><th style="text-align:left;padding:4px 8px">${w.html("receipt.what")}</th><th style="text-align:right;padding:4px 8px">${w.html("receipt.amount")}</th></tr></thead><tbody>${rows}</tbody></table>
<p>${escapeHtml(total)}<br>${escapeHtml(paid)}<br><strong>${escapeHtml(balance)}</strong></p>`;
  return { text, html };
}

export function renderReceiptEmail(
  business: BusinessFacts,
  receipt: ReceiptData,
): { subject: string; text: string; html: string } {
  const { language } = receipt;
  const w = emailWords(language);
  const parts = receiptParts(receipt, language);
  const number = receipt.orderNumber;
  const orderName = w.t("orderNumber", { number });
  const subject = w.t("receipt.subject", { number });
  const questions = w.t("questionsCall", { phone: business.phone });
  const text = `${w.t("hello", { name: receipt.firstName })}\n\n${w.t("receipt.thanks", { order: orderName })}\n\n${parts.text}\n\n${questions}\n${textFooter(business, { language })}`;
  const html = emailLayout(
    business,
    subject,
    `<p>${w.html("hello", { name: receipt.firstName })}</p>
<p>${w.html("receipt.thanks", {}, { order: `<strong>${escapeHtml(orderName)}</strong>` })}</p>
${parts.html}
<p>${escapeHtml(questions)}</p>`,
    { language },
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
      language: order.language,
      orderNumber: order.order_number,
      firstName: order.first_name,
    }),
    relatedType: "order",
    relatedId: order.id,
  };
}
