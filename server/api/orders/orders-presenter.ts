/** The JSON of POST /api/orders, from the order service's public view. */
import { centsToAmount, centsToDecimalString } from "../../../domain/shared/money";
import type { PublicOrder } from "../../services/orders/orders";

export function orderToJson(order: PublicOrder) {
  const t = order.totals;
  return {
    reference: order.reference,
    orderNumber: order.orderNumber,
    status: order.status,
    statusLabel: order.statusLabel,
    statusUrl: `/orders/${order.reference}`,
    createdAt: order.createdAt,
    items: order.items.map((i) => ({
      productName: i.name,
      details: i.details,
      roomLabel: i.roomLabel,
      quantity: i.quantity,
      calculatedPrice: centsToDecimalString(i.unitCents),
      lineTotal: centsToDecimalString(i.lineCents),
    })),
    totals: {
      subtotal: centsToAmount(t.subtotalCents),
      multipleBlindDiscount: centsToAmount(t.discountCents),
      shipping: centsToAmount(t.shippingCents),
      tax: centsToAmount(t.taxCents),
      total: centsToAmount(t.totalCents),
    },
  };
}
