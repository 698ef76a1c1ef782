/**
 * The emails of an order: the confirmation to the customer and the new-order notice to the
 * store, and the status-change email. Both in HTML and text; every value escaped.
 */

import { VISIT_WINDOW_LABELS, VISIT_WINDOWS } from "../../domain/orders/checkout-schema";
import { type Fulfilment, nextSteps } from "../../domain/orders/fulfilment";
import { type OrderStatus, orderStatusLabel } from "../../domain/orders/order-status";
import { salesTaxLabel } from "../../domain/orders/sales-tax";
import { type BusinessFacts, phoneHref } from "../../domain/shared/business";
import { formatMoney } from "../../domain/shared/money";
import { oneOf } from "../../domain/shared/one-of";
import type { OrderAmounts } from "../../domain/storefront/cart-totals";
import type { CustomerContact } from "../db/customer-contact";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import { emailLayout, escapeHtml, phoneLinkHtml, textFooter } from "./render";

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

function totalLines(t: OrderEmailData["totals"]): [string, string][] {
  const discount: [string, string][] =
    t.discountCents > 0
      ? [["Multiple Blind Discount (10%)", `−${formatMoney(t.discountCents)}`]]
      : [];
  return [
    ["Subtotal", formatMoney(t.subtotalCents)],
    ...discount,
    ["Shipping", t.shippingCents === 0 ? "Free" : formatMoney(t.shippingCents)],
    [salesTaxLabel(t.taxRateBasisPoints), formatMoney(t.taxCents)],
    ["Total", formatMoney(t.totalCents)],
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

function totalsHtml(t: OrderEmailData["totals"]): string {
  return `<table role="presentation" style="width:100%;margin-top:12px">${totalLines(t)
    .map(
      ([k, v], n, all) =>
        `<tr><td style="padding:2px 0${n === all.length - 1 ? ";font-weight:bold" : ""}">${escapeHtml(k)}</td><td style="text-align:right${n === all.length - 1 ? ";font-weight:bold" : ""}">${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;
}

function visitWindowLabel(value: string | null): string | null {
  return value ? (oneOf(VISIT_WINDOWS, value) ? VISIT_WINDOW_LABELS[value] : value) : null;
}

export function renderOrderConfirmationEmail(
  business: BusinessFacts,
  order: OrderEmailData,
): RenderedEmail {
  const subject = `Your Order #${order.orderNumber} with ${business.name}`;
  // This email is the first step: the steps after it.
  const steps = nextSteps(order.fulfilment, business)
    .slice(1)
    .map((s) => `${s.title}: ${s.text}`);
  const installed = order.fulfilment === "installed";
  const addressLabel = installed ? "Installation address" : "Delivery address";
  // A DIY-only order has no visit: its preferred window is not repeated as a promise.
  const visit = installed ? visitWindowLabel(order.customer.visitWindow) : null;
  const text = `Hello ${order.customer.firstName},

Thank you for your order: Order #${order.orderNumber}.

${itemsText(order.items)}

${totalLines(order.totals)
  .map(([k, v]) => `${k}: ${v}`)
  .join("\n")}

${addressLabel}: ${order.customer.address}, ${order.customer.city}, ${order.customer.state} ${order.customer.zipCode}
${visit ? `Preferred visit window: ${visit}\n` : ""}
What happens next:
${steps.map((s, i) => `${i + 1}. ${s}`).join("\n")}

Follow your order: ${order.statusUrl}
Questions? Call us at ${business.phone}.
${textFooter(business)}`;
  const html = emailLayout(
    business,
    "Thank you for your order",
    `<p>Hello ${escapeHtml(order.customer.firstName)},</p>
<p>Thank you for your order: <strong>Order #${order.orderNumber}</strong>.</p>
${itemsHtml(order.items)}
${totalsHtml(order.totals)}
<p style="margin-top:16px">${addressLabel}: ${escapeHtml(order.customer.address)}, ${escapeHtml(order.customer.city)}, ${escapeHtml(order.customer.state)} ${escapeHtml(order.customer.zipCode)}${visit ? `<br>Preferred visit window: ${escapeHtml(visit)}` : ""}</p>
<h3 style="font-size:16px;margin:16px 0 8px">What happens next</h3>
<ol>${steps.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ol>
<p><a href="${escapeHtml(order.statusUrl)}" style="color:#1d4e5f;font-weight:bold">Follow your order</a></p>
<p>Questions? Call us at <a href="${escapeHtml(phoneHref(business.phone))}">${escapeHtml(business.phone)}</a>.</p>`,
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
  const visit = visitWindowLabel(c.visitWindow);
  const contact = [
    order.fulfilment === "installed"
      ? "Fulfilment: installed (measure on site, install, collect payment at installation)"
      : "Fulfilment: delivery only (call to confirm sizes, deliver, collect payment on delivery)",
    `Customer: ${c.firstName} ${c.lastName}`,
    `Email: ${c.email}`,
    `Phone: ${c.phone}`,
    `Address: ${c.address}, ${c.city}, ${c.state} ${c.zipCode}`,
    ...(visit ? [`Preferred visit window: ${visit}`] : []),
    ...(c.specialInstructions ? [`Special instructions: ${c.specialInstructions}`] : []),
  ];
  const text = `New Order #${order.orderNumber}

${contact.join("\n")}

${itemsText(order.items)}

${totalLines(order.totals)
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
${totalsHtml(order.totals)}
<p><a href="${escapeHtml(adminUrl)}">Open Order #${order.orderNumber} in the admin</a></p>`,
    { forStore: true },
  );
  return { subject, text, html };
}

const DELIVERY_SENTENCES: Partial<Record<OrderStatus, string>> = {
  confirmed: "Your order is confirmed. We will call you to confirm your sizes before we make it.",
  measured: "Your sizes are confirmed and we are preparing your order for production.",
  in_production: "Your blinds and shutters are being made to your sizes.",
  scheduled:
    "Your delivery is scheduled. We will confirm the time with you beforehand; you pay on delivery.",
  completed: "Your order has been delivered. Thank you for choosing us.",
};

const STATUS_SENTENCES: Record<OrderStatus, string> = {
  pending: "We have your order and will call you within 24 hours.",
  confirmed: "Your order is confirmed. We will contact you to arrange the measurement visit.",
  measured: "We have measured your windows and are preparing your order for production.",
  in_production: "Your blinds and shutters are being made to your measurements.",
  scheduled: "Your installation is scheduled. We will confirm the time with you beforehand.",
  completed: "Your order is complete. Thank you for choosing us.",
  cancelled: "Your order has been cancelled. Call us if this is unexpected.",
};

/** The customer's email when the store moves an order to another status. */
export function renderOrderStatusEmail(
  business: BusinessFacts,
  order: {
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
  const label = orderStatusLabel(order.status, order.fulfilment);
  const base =
    (order.fulfilment === "delivered" ? DELIVERY_SENTENCES[order.status] : undefined) ??
    STATUS_SENTENCES[order.status];
  const sentence =
    order.status === "scheduled" && order.nextVisit
      ? `Your installation is scheduled. ${order.nextVisit}.`
      : `${base}${order.nextVisit ? ` ${order.nextVisit}.` : ""}`;
  const subject = `Your Order #${order.orderNumber}: ${label}`;
  const text = `Hello ${order.firstName},\n\nYour Order #${order.orderNumber} is now: ${label}.\n${sentence}\n\nSee your order: ${order.statusUrl}\nQuestions? Call ${business.phone}.\n${textFooter(business)}`;
  const html = emailLayout(
    business,
    `Order #${order.orderNumber}: ${label}`,
    `<p>Hello ${escapeHtml(order.firstName)},</p>
<p>Your <strong>Order #${order.orderNumber}</strong> is now: <strong>${escapeHtml(label)}</strong>.</p>
<p>${escapeHtml(sentence)}</p>
<p><a href="${escapeHtml(order.statusUrl)}">See your order</a></p>
<p>Questions? Call ${escapeHtml(business.phone)}.</p>`,
  );
  return { subject, text, html };
}

/** The customer's email when measuring changed an item: the new total, any refund. */
export function orderAdjustedEmail(
  ctx: { business: BusinessFacts; publicUrl: string },
  order: { id: number; reference: string; order_number: number; first_name: string; email: string },
  summary: string,
  figures: {
    totalBeforeCents: number;
    totalAfterCents: number;
    paidCents: number;
    refundOwedCents: number;
  },
): NewEmail {
  const { business } = ctx;
  const link = `${ctx.publicUrl}/orders/${encodeURIComponent(order.reference)}`;
  const refund =
    figures.refundOwedCents > 0
      ? ` You have paid ${formatMoney(figures.paidCents)}, so we owe you ${formatMoney(figures.refundOwedCents)}; we will refund it.`
      : "";
  const sentence = `After measuring, we changed your order: ${summary}. The new total is ${formatMoney(figures.totalAfterCents)} (it was ${formatMoney(figures.totalBeforeCents)}).${refund}`;
  const subject = `Your Order #${order.order_number}: new total ${formatMoney(figures.totalAfterCents)}`;
  return {
    kind: "order-adjusted",
    to: order.email,
    subject,
    text: `Hello ${order.first_name},\n\n${sentence}\n\nSee your order: ${link}\nQuestions? Call ${business.phone}.\n${textFooter(business)}`,
    html: emailLayout(
      business,
      subject,
      `<p>Hello ${escapeHtml(order.first_name)},</p><p>${escapeHtml(sentence)}</p><p><a href="${escapeHtml(link)}">See your order</a></p><p>Questions? Call ${escapeHtml(business.phone)}.</p>`,
    ),
    relatedType: "order",
    relatedId: order.id,
  };
}
