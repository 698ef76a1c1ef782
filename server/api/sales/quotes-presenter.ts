/** Quotes on the wire: money as 2-decimal dollars, dates YYYY-MM-DD. */

import type { QuoteTotals } from "../../../domain/sales/quote";
import { centsToAmount } from "../../../domain/shared/money";
import type { AcceptedOrder, CustomerQuote } from "../../services/sales/quote-answers";
import type { QuoteItemView, QuoteView } from "../../services/sales/quote-view";
import type { QuoteDetail, QuoteListEntry } from "../../services/sales/quotes";

export function quoteTotalsToJson(t: QuoteTotals) {
  return {
    subtotal: centsToAmount(t.subtotalCents),
    multipleBlindDiscount: centsToAmount(t.discountCents),
    quoteDiscount: centsToAmount(t.extraDiscountCents),
    shipping: centsToAmount(t.shippingCents),
    tax: centsToAmount(t.taxCents),
    total: centsToAmount(t.totalCents),
    deposit: centsToAmount(t.depositCents),
  };
}

/** An item or one of its alternatives (decision 570): `tier` 1, 2, 3… in the order offered. */
function itemToJson(i: QuoteItemView) {
  return {
    id: i.id,
    name: i.name,
    roomLabel: i.roomLabel,
    details: i.details,
    width: i.width,
    height: i.height,
    quantity: i.quantity,
    unitPrice: centsToAmount(i.unitCents),
    lineTotal: centsToAmount(i.lineCents),
    tier: i.tier,
  };
}

/** What the customer's page and API show: no staff, links or counts. */
export function publicQuoteToJson(v: QuoteView) {
  return {
    quoteNumber: v.quoteNumber,
    label: v.label,
    status: v.status,
    statusLabel: v.statusLabel,
    revision: v.revision,
    validUntil: v.validUntil,
    language: v.language,
    customer: {
      firstName: v.customer.firstName,
      lastName: v.customer.lastName,
      city: v.customer.city,
    },
    note: v.note,
    discountPercent: v.discountPercent,
    depositPercent: v.depositPercent,
    items: v.items.map((i) => ({
      ...itemToJson(i),
      optional: i.optional,
      measured: i.measured,
      alternatives: i.alternatives.map(itemToJson),
    })),
    totals: quoteTotalsToJson(v.totals),
    terms: v.terms,
    cancelNotice: v.cancelNotice,
  };
}

export function quoteToJson(v: QuoteView) {
  return {
    id: v.id,
    ...publicQuoteToJson(v),
    customer: { ...v.customer, language: v.language },
    estimateId: v.estimateId,
    visitId: v.visitId,
    orderId: v.orderId,
    acceptedOrderId: v.acceptedOrderId,
    sentAt: v.sentAt,
    viewedAt: v.viewedAt,
    viewCount: v.viewCount,
    declineReason: v.declineReason,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}

export function quoteDetailToJson(d: QuoteDetail) {
  return {
    ...quoteToJson(d),
    link: d.link,
    events: d.events,
    reminders: d.reminders,
    signature: d.signature,
  };
}

export function quoteListToJson(list: readonly QuoteListEntry[]) {
  return list.map(({ totalCents, ...rest }) => ({ ...rest, total: centsToAmount(totalCents) }));
}

export function acceptedOrderToJson(o: AcceptedOrder) {
  return {
    orderNumber: o.orderNumber,
    reference: o.reference,
    depositDue: centsToAmount(o.depositDueCents),
    cancelUntil: o.cancelUntil,
  };
}

export function customerQuoteToJson(q: CustomerQuote) {
  return {
    ...publicQuoteToJson(q.view),
    order: q.order
      ? {
          ...acceptedOrderToJson(q.order),
          status: q.order.status,
          paid: centsToAmount(q.order.paidCents),
          canCancel: q.order.canCancel,
        }
      : null,
    signature: q.signature,
  };
}
