/**
 * The back office's order JSON (GET/PATCH /api/admin/orders…): the admin service works in
 * cents; the wire keeps its 2-decimal amounts and the spec's "123.45" calculatedPrice.
 */
import { centsToAmount, centsToDecimalString } from "../../../domain/shared/money";
import type {
  AdminOrderDetail,
  AdminOrderItem,
  AdminOrderPage,
  AdminOrderSummary,
} from "../../services/orders/admin-orders";

function itemToJson({ unitCents, installationCents, lineCents, ...item }: AdminOrderItem) {
  return {
    ...item,
    calculatedPrice: centsToDecimalString(unitCents),
    installationPrice: centsToAmount(installationCents),
    lineTotal: centsToAmount(lineCents),
  };
}

function summaryToJson({ total_cents, items, ...order }: AdminOrderSummary) {
  return { ...order, items: items.map(itemToJson), total_amount: centsToAmount(total_cents) };
}

export function adminOrderPageToJson(page: AdminOrderPage) {
  return { ...page, orders: page.orders.map(summaryToJson) };
}

export function adminOrderToJson(order: AdminOrderDetail) {
  const { subtotal_cents, discount_cents, shipping_cents, tax_cents, ...rest } = order;
  return {
    ...rest,
    ...summaryToJson(order),
    subtotal: centsToAmount(subtotal_cents),
    discount: centsToAmount(discount_cents),
    shipping: centsToAmount(shipping_cents),
    tax: centsToAmount(tax_cents),
  };
}
