import type { QuoteChoice, QuoteTotals } from "../../../../domain/sales/quote";
import { formatVisitDate, storeToday } from "../../../../domain/scheduling/visit-time";
import {
  type CatalogNames,
  describeColor,
} from "../../../../domain/storefront/cart-item-description";
import { type Db, now } from "../../../db/database";
import { itemLineColumns } from "../../../db/item-line";
import {
  findOrderById,
  insertOrder,
  insertOrderItems,
  insertStatusHistory,
  lockOrderForUpdate,
  nextOrderNumber,
  orderAmountColumns,
  updateOrderTotals,
} from "../../../db/repositories/orders/orders";
import { findSalesSettings } from "../../../db/repositories/people/back-office-settings";
import {
  deleteOrderItemsOf,
  findQuoteByToken,
  insertQuoteEvent,
  listQuoteItems,
  type QuoteItemRecord,
  setOrderItemCount,
  setOrderSaleTerms,
  updateQuote,
} from "../../../db/repositories/sales/quotes";
import type { QuoteRow } from "../../../db/types";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import { newOrderReference } from "../../orders/orders";
import { buildQuoteView, type QuoteView } from "../quote-view";
import { isQuoteToken } from "../quotes";

/** Statuses an order made from a quote may still be cancelled from by the customer. */
export const CANCELLABLE = new Set(["pending", "confirmed", "measured"]);

/** Statuses in which an existing order's items may still be replaced by an accepted quote. */
export const REPLACEABLE = new Set(["pending", "confirmed", "measured"]);

export interface AcceptedOrder {
  orderNumber: number;
  reference: string;
  depositDueCents: number;
  cancelUntil: string | null;
}

export interface CustomerQuote {
  view: QuoteView;
  /** The order its acceptance made, with what the page shows about it. */
  order: (AcceptedOrder & { status: string; paidCents: number; canCancel: boolean }) | null;
  signature: {
    name: string;
    signedAt: string;
    optionalItemIds: number[];
    choices: QuoteChoice[];
  } | null;
}

export function quoteLink(deps: ServiceDeps, id: number, label: string) {
  const { config } = deps;
  return {
    href: `${config.publicUrl}/admin/quotes/${id}`,
    label: `Open quote ${label} in the admin`,
  };
}

export async function quoteOf(deps: ServiceDeps, token: string): Promise<QuoteRow> {
  const { db, config } = deps;
  const business = config.business;

  const quote = isQuoteToken(token) ? await findQuoteByToken(db, token) : undefined;
  // A draft has never been sent: its link opens nothing yet.
  if (!quote || quote.status === "draft") {
    throw new AppError(
      "not_found",
      `Quote not found. Check the link in our email, or call us at ${business.phone}.`,
    );
  }
  return quote;
}

/** Pass `names` when inside a transaction: loading the catalog there would wait for it. */
export async function viewOf(
  deps: ServiceDeps,
  trx: Db,
  quote: QuoteRow,
  preloaded?: CatalogNames,
) {
  const { catalog, config } = deps;
  const business = config.business;

  const names = preloaded ?? (await catalog.pricing());
  const [rows, settings] = await Promise.all([
    listQuoteItems(trx, quote.id),
    findSalesSettings(trx),
  ]);
  return buildQuoteView({
    quote,
    items: rows,
    names,
    business,
    cancelBusinessDays: settings.cancelBusinessDays,
    today: storeToday(),
  });
}

/** The customer's answer: the quote's new status and its event, at one time. */
export async function recordAnswer(
  trx: Db,
  quoteId: number,
  answer:
    | { status: "accepted"; accepted_order_id: number }
    | { status: "declined"; decline_reason: string | null },
  at: string,
  summary: string,
): Promise<void> {
  await updateQuote(trx, quoteId, { ...answer, answered_at: at, updated_at: at });
  await insertQuoteEvent(trx, { quoteId, kind: answer.status, summary, actor: "customer" });
}

export function expiredError(deps: ServiceDeps, view: { label: string; validUntil: string }) {
  const { config } = deps;
  const business = config.business;

  return new AppError(
    "gone",
    `Quote ${view.label} expired at the end of ${formatVisitDate(view.validUntil)}. Call us at ${business.phone} and we'll send you a new one.`,
  );
}

export async function acceptedOrder(deps: ServiceDeps, orderId: number): Promise<AcceptedOrder> {
  const { db } = deps;

  const order = await findOrderById(db, orderId);
  if (!order) throw new AppError("not_found", "The order of this quote no longer exists.");
  return {
    orderNumber: Number(order.order_number),
    reference: order.reference,
    depositDueCents: Math.max(0, Number(order.deposit_cents) - Number(order.paid_cents)),
    cancelUntil: order.cancel_until,
  };
}

export function orderItemsOf(
  orderId: number,
  items: readonly QuoteItemRecord[],
  names: Awaited<ReturnType<ServiceDeps["catalog"]["pricing"]>>,
) {
  return items.map((row, position) => ({
    order_id: orderId,
    position,
    ...itemLineColumns(row),
    color_name:
      row.color_name ||
      (row.config
        ? (describeColor(
            {
              itemType: row.item_type,
              width: 0,
              height: 0,
              selectedColor: row.selected_color,
              includeInstallation: row.include_installation === 1,
              configuration: row.config,
            },
            names,
          ) ?? "")
        : ""),
    include_installation: row.include_installation,
    quantity: row.quantity,
    unit_price_cents: row.unit_price_cents,
    installation_cents: row.installation_cents,
    line_total_cents: row.line_total_cents,
    room_label: row.room_label,
    configuration: row.configuration,
    pricing: row.pricing,
    measured: row.measured,
  }));
}

/** Inside the accept's transaction: the order the quote becomes (new, or its order's). */
export async function makeOrder(
  deps: ServiceDeps,
  trx: Db,
  quote: QuoteRow,
  items: readonly QuoteItemRecord[],
  totals: QuoteTotals,
  terms: { status: "measured" | "confirmed"; depositCents: number; cancelUntil: string | null },
  label: string,
  names: Awaited<ReturnType<ServiceDeps["catalog"]["pricing"]>>,
): Promise<number> {
  const { config } = deps;
  const business = config.business;

  const at = now();
  const money = {
    subtotalCents: totals.subtotalCents,
    // One discount column on orders: the multiple-blind discount and the quote's together.
    discountCents: totals.discountCents + totals.extraDiscountCents,
    shippingCents: totals.shippingCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    taxDetail: totals.taxDetail,
  };
  if (quote.order_id !== null) {
    const order = await lockOrderForUpdate(trx, quote.order_id);
    if (!order) throw new AppError("not_found", "The order of this quote no longer exists.");
    if (!REPLACEABLE.has(order.status)) {
      throw new AppError(
        "conflict",
        `Order #${order.order_number} is already in production; this quote can't replace its items. Call us at ${business.phone}.`,
      );
    }
    await deleteOrderItemsOf(trx, order.id);
    await insertOrderItems(trx, orderItemsOf(order.id, items, names));
    await updateOrderTotals(trx, order.id, money, at);
    await setOrderItemCount(trx, order.id, items.length);
    await setOrderSaleTerms(trx, order.id, {
      depositCents: terms.depositCents,
      cancelUntil: terms.cancelUntil,
      status: "measured",
    });
    if (order.status !== "measured") {
      await insertStatusHistory(trx, {
        orderId: order.id,
        fromStatus: order.status,
        toStatus: "measured",
        note: `Quote ${label} accepted`,
        actor: "customer",
        changedAt: at,
      });
    }
    return order.id;
  }
  const orderId = await insertOrder(trx, {
    reference: newOrderReference(),
    order_number: await nextOrderNumber(trx),
    cart_id: `quote:${quote.id}`,
    status: terms.status,
    first_name: quote.first_name,
    last_name: quote.last_name,
    email: quote.email,
    phone: quote.phone,
    address: quote.address,
    city: quote.city,
    state: "FL",
    zip_code: quote.zip_code,
    special_instructions: null,
    visit_window: null,
    ...orderAmountColumns(money, totals.taxDetail),
    item_count: items.length,
    deposit_cents: terms.depositCents,
    cancel_until: terms.cancelUntil,
    created_at: at,
    updated_at: at,
    language: quote.language,
  });
  await insertOrderItems(trx, orderItemsOf(orderId, items, names));
  await insertStatusHistory(trx, {
    orderId,
    fromStatus: null,
    toStatus: terms.status,
    note: `Quote ${label} accepted`,
    actor: "customer",
    changedAt: at,
  });
  return orderId;
}
