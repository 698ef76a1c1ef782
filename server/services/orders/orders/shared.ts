import type { OrderSubmission } from "../../../../domain/orders/checkout-schema";
import { type Fulfilment, fulfilmentOf } from "../../../../domain/orders/fulfilment";
import { orderStatusLabel } from "../../../../domain/orders/order-status";
import { TEXT_CONSENT_WORDS } from "../../../../domain/scheduling/booking-schema";
import { ONLINE_ORDER_MAX_CENTS } from "../../../../domain/shared/limits";
import { formatMoney } from "../../../../domain/shared/money";
import {
  type CatalogNames,
  describeColor,
  describeItem,
} from "../../../../domain/storefront/cart-item-description";
import {
  calculateCartTotals,
  totalsToWire,
  wireTotalsMatch,
} from "../../../../domain/storefront/cart-totals";
import { type ItemPicture, itemPicture } from "../../../../domain/storefront/item-picture";
import type { PricingContext } from "../../../../domain/storefront/pricing";
import { contactColumns } from "../../../db/customer-contact";
import { type Db, now } from "../../../db/database";
import { itemLineColumns } from "../../../db/item-line";
import {
  findOrderByCartId,
  insertOrderItems,
  insertOrderReturningRow,
  insertStatusHistory,
  listOrderItems,
  listStatusHistory,
  nextOrderNumber,
  type OrderHistoryRow,
  type OrderItemRecord,
  orderAmountColumns,
} from "../../../db/repositories/orders/orders";
import { enqueueEmails } from "../../../db/repositories/platform/email-outbox";
import { insertTextConsent } from "../../../db/repositories/scheduling/text-consents";
import {
  deleteCartItems,
  listCartItems,
  lockCartReadingLanguage,
} from "../../../db/repositories/storefront/carts";
import type { Order } from "../../../db/types";
import type { OrderTotalsView } from "../../../email/order-emails";
import {
  type OrderEmailData,
  renderNewOrderNotice,
  renderOrderConfirmationEmail,
} from "../../../email/order-emails";
import { customerUrl } from "../../../email/words";
import { AppError } from "../../../errors";
import { isReference, randomReference } from "../../../random-reference";
import type { ServiceDeps } from "../../deps";
import { describableItem, priceStoredItem } from "../../storefront/cart";

/** 80 random bits as 16 Crockford base-32 characters in groups of four: "7K3M-9QXD-W2PZ-8HTA". */
export function newOrderReference(): string {
  return randomReference();
}

export function isOrderReference(value: string): boolean {
  return isReference(value);
}

export interface PublicOrderItem {
  position: number;
  name: string;
  details: string[];
  /** What the item's thumbnail draws. */
  picture: ItemPicture;
  roomLabel: string | null;
  quantity: number;
  unitCents: number;
  lineCents: number;
}

/** What the private status page and the order answers show: no contact data beyond the city. */
export interface PublicOrder {
  reference: string;
  /** Short sequential number for phone calls ("Order #1001"). */
  orderNumber: number;
  status: string;
  statusLabel: string;
  createdAt: string;
  city: string;
  visitWindow: string | null;
  items: PublicOrderItem[];
  totals: OrderTotalsView;
  history: { status: string; label: string; at: string }[];
  /** Installed (measured on site, paid at installation) or delivered (paid on delivery). */
  fulfilment: Fulfilment;
}

export function toPublicItem(row: OrderItemRecord, names: CatalogNames): PublicOrderItem {
  return {
    position: row.position,
    name: row.name,
    details: describeItem(describableItem(row), names),
    picture: itemPicture(describableItem(row), names),
    roomLabel: row.room_label,
    quantity: row.quantity,
    unitCents: row.unit_price_cents,
    lineCents: row.line_total_cents,
  };
}

/** The fulfilment story of an order's stored items. */
export function orderFulfilment(
  items: readonly { include_installation: number | boolean; item_type: string }[],
): Fulfilment {
  return fulfilmentOf(
    items.map((i) => ({
      includeInstallation: Boolean(i.include_installation),
      itemType: i.item_type,
    })),
  );
}

export function orderTotals(order: Order): PublicOrder["totals"] {
  return {
    subtotalCents: order.subtotal_cents,
    discountCents: order.discount_cents,
    shippingCents: order.shipping_cents,
    taxCents: order.tax_cents,
    totalCents: order.total_cents,
    taxRateBasisPoints: order.tax_rate_bp,
  };
}

export interface PlaceOrderResult {
  order: PublicOrder;
  /** False when this cart had already become an order (a repeat or a concurrent duplicate). */
  created: boolean;
}

export async function publicOrder(
  deps: ServiceDeps,
  trx: Db,
  order: Order,
  names?: CatalogNames,
): Promise<PublicOrder> {
  const { catalog } = deps;

  const [items, history, ctx] = await Promise.all([
    listOrderItems(trx, [order.id]),
    listStatusHistory(trx, order.id),
    names ?? catalog.pricing(),
  ]);
  return publicView(order, items, history, ctx);
}

/** The public view of an order from its rows (items in position order, history in time order). */
export function publicView(
  order: Order,
  items: readonly OrderItemRecord[],
  history: readonly OrderHistoryRow[],
  ctx: CatalogNames,
): PublicOrder {
  return {
    reference: order.reference,
    orderNumber: order.order_number,
    status: order.status,
    statusLabel: orderStatusLabel(order.status),
    createdAt: order.created_at,
    city: order.city,
    visitWindow: order.visit_window,
    items: items.map((i) => toPublicItem(i, ctx)),
    totals: orderTotals(order),
    history: history.map((h) => ({
      status: h.to_status,
      label: orderStatusLabel(h.to_status),
      at: h.changed_at,
    })),
    fulfilment: orderFulfilment(items),
  };
}

export async function existingFor(
  deps: ServiceDeps,
  cartId: string,
): Promise<PlaceOrderResult | null> {
  const { db } = deps;

  const order = await findOrderByCartId(db, cartId);
  return order ? { order: await publicOrder(deps, db, order), created: false } : null;
}

/**
 * Inside the transaction: the new order with its public view (built from the rows its inserts
 * returned, so nothing is read back), or the existing one's row (view null).
 */
export async function writeOrder(
  deps: ServiceDeps,
  trx: Db,
  cartId: string,
  submission: OrderSubmission,
  ctx: PricingContext,
  clientKey: string,
): Promise<{ order: Order; view: PublicOrder | null; created: boolean }> {
  const { config } = deps;
  const business = config.business;
  const limiter = deps.limits.orders;

  // The lock first: a concurrent add or a duplicate submission of this cart waits here.
  const cartLanguage = await lockCartReadingLanguage(trx, cartId);
  if (!cartLanguage) {
    throw new AppError("conflict", "Your cart is empty. Add an item before placing an order.");
  }
  const existing = await findOrderByCartId(trx, cartId);
  if (existing) return { order: existing, view: null, created: false };
  // Counted in this transaction: shared by every process at no commit of its own (decision
  // 170); an attempt refused below (409) rolls its count back with it.
  await limiter.within(trx).consume(clientKey);

  const rows = await listCartItems(trx, cartId);
  if (rows.length === 0) {
    throw new AppError("conflict", "Your cart is empty. Add an item before placing an order.");
  }
  const priced = rows.map((row) => ({ row, price: priceStoredItem(ctx, row) }));
  const unavailable = priced.find((p) => p.price === null);
  if (unavailable) {
    throw new AppError(
      "conflict",
      `${unavailable.row.name} is no longer available. Remove it from your cart, or call us at ${business.phone}.`,
    );
  }
  const lines = priced.map((p) => ({
    unitPriceCents: p.price?.unitCents ?? 0,
    quantity: p.row.quantity,
  }));
  const totals = calculateCartTotals(lines, business);
  if (totals.totalCents > ONLINE_ORDER_MAX_CENTS) {
    throw new AppError(
      "unprocessable",
      `Online orders are limited to ${formatMoney(ONLINE_ORDER_MAX_CENTS)}, and this one comes to ${formatMoney(totals.totalCents)}. Please call us at ${business.phone} for a project quote.`,
      { details: { limit: ONLINE_ORDER_MAX_CENTS / 100, totals: totalsToWire(totals) } },
    );
  }
  if (!wireTotalsMatch(submission.totals, totals)) {
    throw new AppError(
      "totals_mismatch",
      "Your cart's prices have changed since you loaded this page. Please review the updated totals and place your order again.",
      { details: { totals: totalsToWire(totals) } },
    );
  }

  const c = submission.customerInfo;
  const at = now();
  const reference = newOrderReference();
  const order = await insertOrderReturningRow(trx, {
    reference,
    order_number: await nextOrderNumber(trx),
    cart_id: cartId,
    status: "pending",
    ...contactColumns(c),
    state: c.state,
    special_instructions: c.specialInstructions,
    visit_window: c.visitWindow,
    text_reminders: c.textReminders ? 1 : 0,
    ...orderAmountColumns(totals, totals.taxDetail),
    item_count: totals.itemCount,
    created_at: at,
    updated_at: at,
    language: submission.language ?? cartLanguage,
  });
  const orderId = order.id;
  const items = await insertOrderItems(
    trx,
    priced.map(({ row, price }, position) => {
      const unit = price?.unitCents ?? 0;
      const colorName = describeColor(describableItem(row), ctx);
      return {
        order_id: orderId,
        position,
        ...itemLineColumns(row),
        color_name: colorName ?? "",
        include_installation: row.include_installation,
        quantity: row.quantity,
        unit_price_cents: unit,
        installation_cents: price?.installationCents ?? 0,
        line_total_cents: unit * row.quantity,
        room_label: row.room_label,
        configuration: row.configuration,
        pricing: price ? JSON.stringify(price.rates) : null,
        measured: null,
      };
    }),
  );
  if (c.textReminders) {
    // What the customer agreed to, when and from where.
    await insertTextConsent(trx, {
      phone: c.phone,
      words: TEXT_CONSENT_WORDS,
      source: "checkout",
      visitId: null,
      orderId,
      clientAddress: clientKey,
      at,
    });
  }
  const history = await insertStatusHistory(trx, {
    orderId,
    fromStatus: null,
    toStatus: "pending",
    note: null,
    actor: "customer",
    changedAt: at,
  });

  const view = publicView(order, items, [history], ctx);
  const emailData: OrderEmailData = {
    language: order.language,
    reference,
    orderNumber: order.order_number,
    statusUrl: customerUrl(config.publicUrl, order.language, `/orders/${reference}`),
    customer: {
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phone: c.phone,
      address: c.address,
      city: c.city,
      state: c.state,
      zipCode: c.zipCode,
      specialInstructions: c.specialInstructions,
      visitWindow: c.visitWindow,
    },
    items: view.items,
    totals: view.totals,
    fulfilment: view.fulfilment,
  };
  // Both emails in one statement, in this transaction: queued exactly once with the order.
  await enqueueEmails(trx, [
    {
      kind: "order-confirmation",
      to: c.email,
      ...renderOrderConfirmationEmail(business, emailData),
      relatedType: "order",
      relatedId: orderId,
    },
    {
      kind: "order-new-store",
      to: config.storeEmail,
      ...renderNewOrderNotice(business, emailData, `${config.publicUrl}/admin/orders/${orderId}`),
      relatedType: "order",
      relatedId: orderId,
    },
  ]);

  await deleteCartItems(trx, cartId);
  return { order, view, created: true };
}
