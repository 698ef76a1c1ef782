/**
 * The emails of an order: the confirmation to the customer and the new-order notice to the
 * store, and the status-change email. Both in HTML and text; every value escaped.
 */

import type { Language } from "../../domain/i18n/language";
import { VISIT_WINDOWS } from "../../domain/orders/checkout-schema";
import type { Fulfilment } from "../../domain/orders/fulfilment";
import type { OrderStatus } from "../../domain/orders/order-status";
import { formatTaxPercent } from "../../domain/orders/sales-tax";
import { type BusinessFacts, phoneHref } from "../../domain/shared/business";
import { formatMoney } from "../../domain/shared/money";
import { oneOf } from "../../domain/shared/one-of";
import type { OrderAmounts } from "../../domain/storefront/cart-totals";
import type { CustomerContact } from "../db/customer-contact";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import { emailLayout, escapeHtml, phoneLinkHtml, textFooter } from "./render";
import {
  customerUrl,
  type EmailKey,
  type EmailWords,
  emailWords,
  languageNoticeLine,
} from "./words";

export interface OrderEmailItem {
  name: string;
  details: string[];
  roomLabel: string | null;
  quantity: number;
  unitCents: number;
  lineCents: number;
}

/** An order's amounts as its page and its emails show them. */
export interface OrderTotalsView extends OrderAmounts {
  /** The rate that taxed the order. */
  taxRateBasisPoints: number;
}

export interface OrderEmailData {
  /** The customer's: their confirmation is written in it, the store's notice names it. */
  language: Language;
  reference: string;
  /** "Order #1001" for phone calls. */
  orderNumber: number;
  statusUrl: string;
  customer: CustomerContact & {
    state: string;
    specialInstructions: string | null;
    visitWindow: string | null;
  };
  items: OrderEmailItem[];
  /** Installed (measured, installed, paid at installation) or delivered (paid on delivery). */
  fulfilment: Fulfilment;
  totals: OrderTotalsView;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function totalLines(t: OrderEmailData["totals"], w: EmailWords): [string, string][] {
  const discount: [string, string][] =
    t.discountCents > 0 ? [[w.t("totals.discount"), `−${formatMoney(t.discountCents)}`]] : [];
  return [
    [w.t("totals.subtotal"), formatMoney(t.subtotalCents)],
    ...discount,
    [
      w.t("totals.shipping"),
      t.shippingCents === 0 ? w.t("totals.free") : formatMoney(t.shippingCents),
    ],
    [w.t("totals.tax", { rate: formatTaxPercent(t.taxRateBasisPoints) }), formatMoney(t.taxCents)],
    [w.t("totals.total"), formatMoney(t.totalCents)],
  ];
}

function itemsText(items: OrderEmailItem[]): string {
  return items
    .map((i) =>
      [
        `- ${i.name}${i.roomLabel ? ` (${i.roomLabel})` : ""}: ${i.quantity} × ${formatMoney(i.unitCents)} = ${formatMoney(i.lineCents)}`,
        ...i.details.map((d) => `    ${d}`),
      ].join("\n"),
    )
    .join("\n");
}

function itemsHtml(items: OrderEmailItem[]): string {
  const rows = items
    .map(
      (i) => `<tr><td style="padding:8px 0;border-bottom:1px solid #d9e2ec;vertical-align:top">
<strong>${escapeHtml(i.name)}</strong>${i.roomLabel ? ` <em>(${escapeHtml(i.roomLabel)})</em>` : ""}<br>
<span style="font-size:13px;color:#52606d">${i.details.map(escapeHtml).join("<br>")}</span></td>
<td style="padding:8px 0 8px 12px;border-bottom:1px solid #d9e2ec;text-align:right;vertical-align:top;white-space:nowrap">${i.quantity} × ${escapeHtml(formatMoney(i.unitCents))}<br><strong>${escapeHtml(formatMoney(i.lineCents))}</strong></td></tr>`,
    )
    .join("\n");
  return `<table role="presentation" style="width:100%;border-collapse:collapse">${rows}</table>`;
}

function totalsHtml(t: OrderEmailData["totals"], w: EmailWords): string {
  return `<table role="presentation" style="width:100%;margin-top:12px">${totalLines(t, w)
    .map(
      ([k, v], n, all) =>
        `<tr><td style="padding:2px 0${n === all.length - 1 ? ";font-weight:bold" : ""}">${escapeHtml(k)}</td><td style="text-align:right${n === all.length - 1 ? ";font-weight:bold" : ""}">${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;
}

function visitWindowLabel(value: string | null, w: EmailWords): string | null {
  return value ? (oneOf(VISIT_WINDOWS, value) ? w.t(`window.${value}`) : value) : null;
}

/** The steps after the confirmation email, as the confirmation page names them. */
function stepsAfterEmail(fulfilment: Fulfilment, business: BusinessFacts, w: EmailWords) {
  const facts = {
    hours: business.contactReplyHours,
    days: business.delivery.customDays,
    county: business.county,
  };
  const keys: EmailKey[] =
    fulfilment === "installed"
      ? ["steps.installed.call", "steps.installed.measure", "steps.installed.install"]
      : ["steps.delivered.call", "steps.delivered.made", "steps.delivered.delivery"];
  return keys.map((key) =>
    w.t(key, {
      ...facts,
      ...(key === "steps.installed.install" ? { hours: business.installationHours } : {}),
    }),
  );
}

export function renderOrderConfirmationEmail(
  business: BusinessFacts,
  order: OrderEmailData,
): RenderedEmail {
  const w = emailWords(order.language);
  const { language } = order;
  const number = order.orderNumber;
  const subject = w.t("order.subject", { number, store: business.name });
  // This email is the first step: the steps after it.
  const steps = stepsAfterEmail(order.fulfilment, business, w);
  const installed = order.fulfilment === "installed";
  const addressLabel = w.t(installed ? "order.installationAddress" : "order.deliveryAddress");
  // A DIY-only order has no visit: its preferred window is not repeated as a promise.
  const visit = installed ? visitWindowLabel(order.customer.visitWindow, w) : null;
  const orderName = w.t("orderNumber", { number });
  const text = `${w.t("hello", { name: order.customer.firstName })}

${w.t("order.thanks", { order: orderName })}

${itemsText(order.items)}

${totalLines(order.totals, w)
  .map(([k, v]) => `${k}: ${v}`)
  .join("\n")}

${addressLabel}: ${order.customer.address}, ${order.customer.city}, ${order.customer.state} ${order.customer.zipCode}
${visit ? `${w.t("order.preferredWindow", { window: visit })}\n` : ""}
${w.t("order.whatNextText")}
${steps.map((s, i) => `${i + 1}. ${s}`).join("\n")}

${w.t("order.followText", { url: order.statusUrl })}
${w.t("questionsCallUs", { phone: business.phone })}
${textFooter(business, { language })}`;
  const phoneLink = `<a href="${escapeHtml(phoneHref(business.phone))}">${escapeHtml(business.phone)}</a>`;
  const html = emailLayout(
    business,
    w.t("order.title"),
    `<p>${w.html("hello", { name: order.customer.firstName })}</p>
<p>${w.html("order.thanks", {}, { order: `<strong>${escapeHtml(orderName)}</strong>` })}</p>
${itemsHtml(order.items)}
${totalsHtml(order.totals, w)}
<p style="margin-top:16px">${escapeHtml(addressLabel)}: ${escapeHtml(order.customer.address)}, ${escapeHtml(order.customer.city)}, ${escapeHtml(order.customer.state)} ${escapeHtml(order.customer.zipCode)}${visit ? `<br>${w.html("order.preferredWindow", { window: visit })}` : ""}</p>
<h3 style="font-size:16px;margin:16px 0 8px">${w.html("order.whatNext")}</h3>
<ol>${steps.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ol>
<p><a href="${escapeHtml(order.statusUrl)}" style="color:#1d4e5f;font-weight:bold">${w.html("followYourOrder")}</a></p>
<p>${w.html("questionsCallUs", {}, { phone: phoneLink })}</p>`,
    { language },
  );
  return { subject, text, html };
}

/** The store's notice of a new order: it opens the order in the admin, not the customer's page. */
export function renderNewOrderNotice(
  business: BusinessFacts,
  order: OrderEmailData,
  adminUrl: string,
): RenderedEmail {
  const c = order.customer;
  const subject = `New Order #${order.orderNumber}: ${formatMoney(order.totals.totalCents)}, ${c.city}`;
  const visit = visitWindowLabel(c.visitWindow, emailWords("en"));
  const spoken = languageNoticeLine(order.language);
  const contact = [
    order.fulfilment === "installed"
      ? "Fulfilment: installed (measure on site, install, collect payment at installation)"
      : "Fulfilment: delivery only (call to confirm sizes, deliver, collect payment on delivery)",
    `Customer: ${c.firstName} ${c.lastName}`,
    ...(spoken ? [spoken] : []),
    `Email: ${c.email}`,
    `Phone: ${c.phone}`,
    `Address: ${c.address}, ${c.city}, ${c.state} ${c.zipCode}`,
    ...(visit ? [`Preferred visit window: ${visit}`] : []),
    ...(c.specialInstructions ? [`Special instructions: ${c.specialInstructions}`] : []),
  ];
  const text = `New Order #${order.orderNumber}

${contact.join("\n")}

${itemsText(order.items)}

${totalLines(order.totals, emailWords("en"))
  .map(([k, v]) => `${k}: ${v}`)
  .join("\n")}

In the admin: ${adminUrl}
${textFooter(business, { forStore: true })}`;
  const html = emailLayout(
    business,
    `New Order #${order.orderNumber}`,
    `<p>${contact
      .map((line) =>
        line === `Phone: ${c.phone}` ? `Phone: ${phoneLinkHtml(c.phone)}` : escapeHtml(line),
      )
      .join("<br>")}</p>
${itemsHtml(order.items)}
${totalsHtml(order.totals, emailWords("en"))}
<p><a href="${escapeHtml(adminUrl)}">Open Order #${order.orderNumber} in the admin</a></p>`,
    { forStore: true },
  );
  return { subject, text, html };
}

/** The sentences and names with their own words when nothing is installed. */
const DELIVERED_SENTENCE: Partial<Record<OrderStatus, EmailKey>> = {
  confirmed: "status.delivered.confirmed",
  measured: "status.delivered.measured",
  in_production: "status.delivered.in_production",
  scheduled: "status.delivered.scheduled",
  completed: "status.delivered.completed",
};
const DELIVERED_LABEL: Partial<Record<OrderStatus, EmailKey>> = {
  measured: "statusLabel.delivered.measured",
  scheduled: "statusLabel.delivered.scheduled",
  completed: "statusLabel.delivered.completed",
};

function statusSentenceKey(status: OrderStatus, fulfilment: Fulfilment): EmailKey {
  return (
    (fulfilment === "delivered" ? DELIVERED_SENTENCE[status] : undefined) ?? `status.${status}`
  );
}

/** The status's name, as the customer's order page names it, in their language. */
export function statusLabelIn(w: EmailWords, status: OrderStatus, fulfilment: Fulfilment): string {
  return w.t(
    (fulfilment === "delivered" ? DELIVERED_LABEL[status] : undefined) ?? `statusLabel.${status}`,
  );
}

/** The customer's email when the store moves an order to another status. */
export function renderOrderStatusEmail(
  business: BusinessFacts,
  order: {
    language: Language;
    reference: string;
    orderNumber: number;
    firstName: string;
    status: OrderStatus;
    statusUrl: string;
    fulfilment: Fulfilment;
    /** The next visit in words ("Installation visit: Tuesday, December 2, 9–11 AM"), if any. */
    nextVisit?: string | null;
  },
): RenderedEmail {
  const w = emailWords(order.language);
  const { language } = order;
  const number = order.orderNumber;
  const label = statusLabelIn(w, order.status, order.fulfilment);
  const base = w.t(statusSentenceKey(order.status, order.fulfilment));
  const sentence =
    order.status === "scheduled" && order.nextVisit
      ? w.t("status.scheduledWithVisit", { visit: order.nextVisit })
      : `${base}${order.nextVisit ? ` ${order.nextVisit}.` : ""}`;
  const orderName = w.t("orderNumber", { number });
  const subject = w.t("status.subject", { number, label });
  const text = `${w.t("hello", { name: order.firstName })}\n\n${w.t("status.isNow", { order: orderName, label })}\n${sentence}\n\n${w.t("seeYourOrder")}: ${order.statusUrl}\n${w.t("questionsCall", { phone: business.phone })}\n${textFooter(business, { language })}`;
  const html = emailLayout(
    business,
    w.t("status.title", { number, label }),
    `<p>${w.html("hello", { name: order.firstName })}</p>
<p>${w.html("status.isNow", {}, { order: `<strong>${escapeHtml(orderName)}</strong>`, label: `<strong>${escapeHtml(label)}</strong>` })}</p>
<p>${escapeHtml(sentence)}</p>
<p><a href="${escapeHtml(order.statusUrl)}">${w.html("seeYourOrder")}</a></p>
<p>${w.html("questionsCall", { phone: business.phone })}</p>`,
    { language },
  );
  return { subject, text, html };
}

/** The customer's email when measuring changed an item: the new total, any refund. */
export function orderAdjustedEmail(
  ctx: { business: BusinessFacts; publicUrl: string },
  order: {
    id: number;
    reference: string;
    order_number: number;
    first_name: string;
    email: string;
    language: Language;
  },
  summary: string,
  figures: {
    totalBeforeCents: number;
    totalAfterCents: number;
    paidCents: number;
    refundOwedCents: number;
  },
): NewEmail {
  const { business } = ctx;
  const { language } = order;
  const w = emailWords(language);
  const link = customerUrl(
    ctx.publicUrl,
    language,
    `/orders/${encodeURIComponent(order.reference)}`,
  );
  const refund =
    figures.refundOwedCents > 0
      ? w.t("adjusted.refund", {
          paid: formatMoney(figures.paidCents),
          refund: formatMoney(figures.refundOwedCents),
        })
      : "";
  const sentence = `${w.t("adjusted.sentence", {
    summary,
    after: formatMoney(figures.totalAfterCents),
    before: formatMoney(figures.totalBeforeCents),
  })}${refund}`;
  const subject = w.t("adjusted.subject", {
    number: order.order_number,
    total: formatMoney(figures.totalAfterCents),
  });
  return {
    kind: "order-adjusted",
    to: order.email,
    subject,
    text: `${w.t("hello", { name: order.first_name })}\n\n${sentence}\n\n${w.t("seeYourOrder")}: ${link}\n${w.t("questionsCall", { phone: business.phone })}\n${textFooter(business, { language })}`,
    html: emailLayout(
      business,
      subject,
      `<p>${w.html("hello", { name: order.first_name })}</p><p>${escapeHtml(sentence)}</p><p><a href="${escapeHtml(link)}">${w.html("seeYourOrder")}</a></p><p>${w.html("questionsCall", { phone: business.phone })}</p>`,
      { language },
    ),
    relatedType: "order",
    relatedId: order.id,
  };
}
