/**
 * The two emails of a new order (issue 4 "Email"): the confirmation to the customer and the
 * new-order notice to the store. Both in HTML and text; every value escaped.
 */
import { type BusinessFacts, phoneHref } from "../../domain/business";
import { VISIT_WINDOW_LABELS, type VisitWindow } from "../../domain/checkout-schema";
import { formatMoney } from "../../domain/money";
import { emailLayout, escapeHtml, textFooter } from "./render";

export interface OrderEmailItem {
  name: string;
  details: string[];
  roomLabel: string | null;
  quantity: number;
  unitCents: number;
  lineCents: number;
}

export interface OrderEmailData {
  reference: string;
  statusUrl: string;
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    state: string;
    zipCode: string;
    specialInstructions: string | null;
    visitWindow: string | null;
  };
  items: OrderEmailItem[];
  totals: {
    subtotalCents: number;
    discountCents: number;
    shippingCents: number;
    taxCents: number;
    totalCents: number;
  };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function totalLines(t: OrderEmailData["totals"]): [string, string][] {
  return [
    ["Subtotal", formatMoney(t.subtotalCents)],
    ...(t.discountCents > 0
      ? ([["Multiple Blind Discount (10%)", `−${formatMoney(t.discountCents)}`]] as [string, string][])
      : []),
    ["Shipping", t.shippingCents === 0 ? "Free" : formatMoney(t.shippingCents)],
    ["Florida tax", formatMoney(t.taxCents)],
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
  return value ? (VISIT_WINDOW_LABELS[value as VisitWindow] ?? value) : null;
}

export function renderOrderConfirmationEmail(
  business: BusinessFacts,
  order: OrderEmailData,
): RenderedEmail {
  const subject = `Your order ${order.reference} with ${business.name}`;
  const steps = [
    `We'll call you within ${business.contactReplyHours} hours to confirm your order and set up the measurement visit.`,
    "Our specialist measures your windows on site to make sure everything fits.",
    `Custom-made items take ${business.delivery.customDays} days; installation takes about ${business.installationHours} hours.`,
    "No payment today: you pay at installation.",
  ];
  const visit = visitWindowLabel(order.customer.visitWindow);
  const text = `Hello ${order.customer.firstName},

Thank you for your order. Your order reference is ${order.reference}.

${itemsText(order.items)}

${totalLines(order.totals)
  .map(([k, v]) => `${k}: ${v}`)
  .join("\n")}

Installation address: ${order.customer.address}, ${order.customer.city}, ${order.customer.state} ${order.customer.zipCode}
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
<p>Thank you for your order. Your order reference is <strong>${escapeHtml(order.reference)}</strong>.</p>
${itemsHtml(order.items)}
${totalsHtml(order.totals)}
<p style="margin-top:16px">Installation address: ${escapeHtml(order.customer.address)}, ${escapeHtml(order.customer.city)}, ${escapeHtml(order.customer.state)} ${escapeHtml(order.customer.zipCode)}${visit ? `<br>Preferred visit window: ${escapeHtml(visit)}` : ""}</p>
<h3 style="font-size:16px;margin:16px 0 8px">What happens next</h3>
<ol>${steps.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ol>
<p><a href="${escapeHtml(order.statusUrl)}" style="color:#1d4e5f;font-weight:bold">Follow your order</a></p>
<p>Questions? Call us at <a href="${escapeHtml(phoneHref(business.phone))}">${escapeHtml(business.phone)}</a>.</p>`,
  );
  return { subject, text, html };
}

export function renderNewOrderNotice(
  business: BusinessFacts,
  order: OrderEmailData,
): RenderedEmail {
  const c = order.customer;
  const subject = `New order ${order.reference}: ${formatMoney(order.totals.totalCents)}, ${c.city}`;
  const visit = visitWindowLabel(c.visitWindow);
  const contact = [
    `Customer: ${c.firstName} ${c.lastName}`,
    `Email: ${c.email}`,
    `Phone: ${c.phone}`,
    `Address: ${c.address}, ${c.city}, ${c.state} ${c.zipCode}`,
    ...(visit ? [`Preferred visit window: ${visit}`] : []),
    ...(c.specialInstructions ? [`Special instructions: ${c.specialInstructions}`] : []),
  ];
  const text = `New order ${order.reference}

${contact.join("\n")}

${itemsText(order.items)}

${totalLines(order.totals)
  .map(([k, v]) => `${k}: ${v}`)
  .join("\n")}

Status page: ${order.statusUrl}
${textFooter(business)}`;
  const html = emailLayout(
    business,
    `New order ${order.reference}`,
    `<p>${contact.map(escapeHtml).join("<br>")}</p>
${itemsHtml(order.items)}
${totalsHtml(order.totals)}
<p><a href="${escapeHtml(order.statusUrl)}" style="color:#1d4e5f">Status page</a></p>`,
  );
  return { subject, text, html };
}
