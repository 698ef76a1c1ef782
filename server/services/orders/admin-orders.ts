/** The orders workflow of the back office: list and search, detail, status changes, notes, CSV. */

import { exemptionOfRow, type TaxExemption } from "../../../domain/books/tax-exemption";
import { visitWindowIn } from "../../../domain/i18n/dates";
import type { Language } from "../../../domain/i18n/language";
import type { Fulfilment } from "../../../domain/orders/fulfilment";
import {
  allowedTransitions,
  isOrderStatus,
  isStepBack,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  orderStatusLabel,
} from "../../../domain/orders/order-status";
import type { OrderStatusChange } from "../../../domain/people/admin-schema";
import { visitWindowLabel } from "../../../domain/people/admin-schema";
import { type MeasuredSize, measuredSizeSchema } from "../../../domain/sales/measured-size";
import {
  formatVisitWindow,
  storeToday,
  VISIT_KIND_LABELS,
} from "../../../domain/scheduling/visit-time";
import { fromEighths } from "../../../domain/shared/dimensions";
import type { CatalogNames } from "../../../domain/storefront/cart-item-description";
import { colorDisplayName } from "../../../domain/storefront/pricing";
import { now } from "../../db/database";
import {
  countOrders,
  findOrderById,
  insertOrderNote,
  listOrderItems,
  listOrderNotes,
  listOrders,
  listStatusHistory,
  lockOrderForUpdate,
  type OrderFilter,
  type OrderItemRecord,
  updateOrderStatus,
} from "../../db/repositories/orders/orders";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import { findNextVisit, findNextVisitsForOrders } from "../../db/repositories/scheduling/visits";
import { parseStoredJson } from "../../db/stored-json";
import type { Order } from "../../db/types";
import { renderOrderStatusEmail } from "../../email/order-emails";
import { customerUrl, emailWords } from "../../email/words";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";
import { configurationObject } from "../storefront/cart";
import { recordStatusMove } from "./order-moves";
import { assertStatusRules } from "./order-rules";
import { orderFulfilment } from "./orders";

const CSV_MAX_ORDERS = 10_000;

export interface AdminOrderItem {
  id: number;
  position: number;
  productId: number | null;
  serviceId: number | null;
  itemType: string;
  productName: string;
  /** Decimal inches, fraction included. */
  width: number;
  height: number;
  selectedColor: string;
  colorName: string;
  quantity: number;
  includeInstallation: boolean;
  /** One piece, installation included when chosen. */
  unitCents: number;
  installationCents: number;
  lineCents: number;
  roomLabel: string | null;
  configuration: Record<string, unknown>;
  /** Zebra shades: the collection's and fabric's names from the catalog. */
  zebraNames: { collection: string; fabric: string } | null;
  /** The window's measurements the size came from, on an order made from a measured quote. */
  measured: MeasuredSize | null;
}

export interface AdminOrderSummary {
  id: number;
  reference: string;
  order_number: number;
  created_at: string;
  updated_at: string;
  status: string;
  status_label: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_address: string;
  /** The customer's language: their emails, texts and PDFs are written in it. */
  language: Language;
  item_count: number;
  items: AdminOrderItem[];
  total_cents: number;
  /** What is still to be paid (total − payments received). */
  balance_cents: number;
  /** "Measurement: Tue Dec 2, 9:00–11:00", or null when none is scheduled. */
  next_visit: string | null;
}

export interface AdminOrderDetail extends AdminOrderSummary {
  first_name: string;
  last_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  visit_window: string | null;
  visit_window_label: string;
  special_instructions: string | null;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  /** The rate that taxed the order. */
  tax_rate_bp: number;
  /** A tax-exempt order's certificate (migration 0025); null when taxed. */
  tax_exemption: TaxExemption | null;
  /** The end of the customer's right to cancel (a quote sold in the home), or null. */
  cancel_until: string | null;
  /** `back` marks the step back, which needs a reason (in `note`). */
  allowed_transitions: { status: OrderStatus; label: string; back: boolean }[];
  history: {
    from: string | null;
    to: string;
    toLabel: string;
    note: string | null;
    actor: string;
    /** 'forward' or 'back'. */
    kind: string;
    changedAt: string;
  }[];
  notes: { id: number; body: string; createdAt: string }[];
}

export interface ExportedOrder {
  order: Order;
  items: AdminOrderItem[];
}

export interface AdminOrderPage {
  orders: AdminOrderSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** True when the store has no orders at all. */
  storeHasOrders: boolean;
}

function toItem(row: OrderItemRecord, names: CatalogNames): AdminOrderItem {
  const c = row.config;
  const collection =
    c?.type === "zebra"
      ? names.zebraCollections.find((x) => x.slug === c.fabricCollection)
      : undefined;
  return {
    id: row.id,
    position: row.position,
    productId: row.product_id,
    serviceId: row.service_id,
    itemType: row.item_type,
    productName: row.name,
    width: fromEighths(row.width_eighths),
    height: fromEighths(row.height_eighths),
    selectedColor: row.selected_color,
    colorName: row.color_name || colorDisplayName(names, row.selected_color),
    quantity: row.quantity,
    includeInstallation: row.include_installation === 1,
    unitCents: row.unit_price_cents,
    installationCents: row.installation_cents,
    lineCents: row.line_total_cents,
    roomLabel: row.room_label,
    configuration: configurationObject(row.config),
    measured: parseStoredJson(measuredSizeSchema, row.measured) ?? null,
    zebraNames:
      c?.type === "zebra"
        ? {
            collection: collection?.name ?? c.fabricCollection,
            fabric: collection?.fabrics.find((f) => f.slug === c.fabric)?.name ?? c.fabric,
          }
        : null,
  };
}

function fullAddress(order: Order): string {
  return `${order.address}, ${order.city}, ${order.state} ${order.zip_code}`;
}

function toSummary(
  order: Order,
  items: OrderItemRecord[],
  names: CatalogNames,
  nextVisit: string | null = null,
): AdminOrderSummary {
  return {
    id: order.id,
    reference: order.reference,
    order_number: order.order_number,
    created_at: order.created_at,
    updated_at: order.updated_at,
    status: order.status,
    status_label: orderStatusLabel(order.status),
    customer_name: `${order.first_name} ${order.last_name}`,
    customer_email: order.email,
    customer_phone: order.phone,
    customer_address: fullAddress(order),
    language: order.language,
    item_count: order.item_count,
    items: items.map((i) => toItem(i, names)),
    total_cents: order.total_cents,
    balance_cents: order.total_cents - Number(order.paid_cents ?? 0),
    next_visit: nextVisit,
  };
}

function groupItems(items: OrderItemRecord[]): Map<number, OrderItemRecord[]> {
  const byOrder = new Map<number, OrderItemRecord[]>();
  for (const item of items) {
    const list = byOrder.get(item.order_id) ?? [];
    list.push(item);
    byOrder.set(item.order_id, list);
  }
  return byOrder;
}

function toFilter(query: OrderFilter): OrderFilter {
  return { status: query.status, q: query.q };
}

export function createAdminOrders(deps: ServiceDeps) {
  const { db, catalog, logger, emails, config } = deps;
  const business = config.business;

  async function getOrder(id: number): Promise<AdminOrderDetail> {
    const order = await findOrderById(db, id);
    if (!order) throw new AppError("not_found", "Order not found.");
    const [items, history, notes] = await Promise.all([
      listOrderItems(db, [id]),
      listStatusHistory(db, id),
      listOrderNotes(db, id),
    ]);
    return {
      ...toSummary(order, items, await catalog.pricing()),
      first_name: order.first_name,
      last_name: order.last_name,
      address: order.address,
      city: order.city,
      state: order.state,
      zip_code: order.zip_code,
      visit_window: order.visit_window,
      visit_window_label: visitWindowLabel(order.visit_window),
      special_instructions: order.special_instructions,
      subtotal_cents: order.subtotal_cents,
      discount_cents: order.discount_cents,
      shipping_cents: order.shipping_cents,
      tax_cents: order.tax_cents,
      tax_rate_bp: order.tax_rate_bp,
      tax_exemption: exemptionOfRow(order),
      cancel_until: order.cancel_until,
      allowed_transitions: isOrderStatus(order.status)
        ? allowedTransitions(order.status).map((s) => ({
            status: s,
            label: ORDER_STATUS_LABELS[s],
            back: isStepBack(order.status, s),
          }))
        : [],
      history: history.map((h) => ({
        from: h.from_status,
        to: h.to_status,
        toLabel: orderStatusLabel(h.to_status),
        note: h.note,
        actor: h.actor,
        kind: h.kind,
        changedAt: h.changed_at,
      })),
      notes: notes.map((n) => ({ id: n.id, body: n.body, createdAt: n.created_at })),
    };
  }

  function statusEmail(
    order: Order,
    to: OrderStatus,
    fulfilment: Fulfilment,
    nextVisit: string | null,
  ) {
    const link = customerUrl(
      config.publicUrl,
      order.language,
      `/orders/${encodeURIComponent(order.reference)}`,
    );
    return {
      kind: "order-status",
      to: order.email,
      ...renderOrderStatusEmail(business, {
        language: order.language,
        reference: order.reference,
        orderNumber: order.order_number,
        firstName: order.first_name,
        status: to,
        statusUrl: link,
        nextVisit,
        fulfilment,
      }),
    };
  }

  return {
    async listOrders(
      query: OrderFilter & { page: number; pageSize: number; sort?: string },
    ): Promise<AdminOrderPage> {
      const filter = toFilter(query);
      const total = await countOrders(db, filter);
      const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
      const rows = await listOrders(db, filter, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
        sort: query.sort,
      });
      const visits = await findNextVisitsForOrders(
        db,
        rows.map((r) => r.id),
        storeToday(),
      );
      const items = groupItems(
        await listOrderItems(
          db,
          rows.map((r) => r.id),
        ),
      );
      const names = await catalog.pricing();
      const storeHasOrders =
        total > 0 || (filter.status || filter.q ? (await countOrders(db, {})) > 0 : false);
      return {
        orders: rows.map((r) => {
          const v = visits.get(r.id);
          const words = v
            ? `${VISIT_KIND_LABELS[v.kind] ?? "Visit"}: ${formatVisitWindow({ date: v.visit_date, start: v.start_time, end: v.end_time })}`
            : null;
          return toSummary(r, items.get(r.id) ?? [], names, words);
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
        pageCount,
        storeHasOrders,
      };
    },

    getOrder,

    /**
     * The items of several orders as getOrder shows them, in one read (the purchase orders'
     * lines name their items from these: decision 435).
     */
    async orderItems(orderIds: readonly number[]): Promise<AdminOrderItem[]> {
      const rows = await listOrderItems(db, orderIds);
      if (rows.length === 0) return [];
      const names = await catalog.pricing();
      return rows.map((i) => toItem(i, names));
    },

    async changeOrderStatus(
      id: number,
      change: OrderStatusChange,
      actor: Actor,
    ): Promise<AdminOrderDetail> {
      const at = now();
      const emailed = await db.transaction().execute(async (trx) => {
        // The order's row lock: a payment or an adjustment of this order waits,
        // so "no money kept" (cancelled) and "nothing left to adjust" (in_production) hold.
        const order = await lockOrderForUpdate(trx, id);
        if (!order) throw new AppError("not_found", "Order not found.");
        const from = order.status;
        const allowed = isOrderStatus(from) ? allowedTransitions(from) : [];
        if (!isOrderStatus(from) || !allowed.includes(change.status)) {
          const options = allowed.map((s) => ORDER_STATUS_LABELS[s]).join(" or ");
          throw new AppError(
            "conflict",
            `Order #${order.order_number} is ${orderStatusLabel(from)}; it can move to ${options || "no other status"}, not ${ORDER_STATUS_LABELS[change.status]}.`,
            { details: { status: from, allowed } },
          );
        }
        const back = isStepBack(from, change.status);
        if (back && !change.note) {
          throw new AppError(
            "validation_failed",
            `Say why Order #${order.order_number} goes back to ${ORDER_STATUS_LABELS[change.status]} (the reason goes into the history).`,
          );
        }
        await assertStatusRules(trx, order, change.status);
        if (!(await updateOrderStatus(trx, id, from, change.status, at))) {
          throw new AppError(
            "conflict",
            `Order #${order.order_number} was changed by someone else. Reload it and try again.`,
          );
        }
        await recordStatusMove(trx, actor, {
          order,
          from,
          to: change.status,
          kind: back ? "back" : "forward",
          note: change.note,
          why: back ? " (a step back)" : "",
          after: { back },
          at,
        });
        if (change.notifyCustomer) {
          const fulfilment = orderFulfilment(await listOrderItems(trx, [id]));
          const visit =
            change.status === "completed" || change.status === "cancelled"
              ? null
              : await findNextVisit(trx, id, storeToday());
          const words = visit
            ? `${emailWords(order.language).t(`visitKind.${visit.kind}`)}: ${visitWindowIn(order.language, { date: visit.visit_date, start: visit.start_time, end: visit.end_time })}`
            : null;
          await enqueueEmail(trx, {
            ...statusEmail(order, change.status, fulfilment, words),
            relatedType: "order",
            relatedId: id,
          });
        }
        return change.notifyCustomer;
      });
      logger.info("order status changed", { orderId: id, to: change.status, emailed });
      if (emailed) emails.kick();
      return getOrder(id);
    },

    async addOrderNote(id: number, body: string, actor: Actor): Promise<AdminOrderDetail> {
      const order = await findOrderById(db, id);
      if (!order) throw new AppError("not_found", "Order not found.");
      await db.transaction().execute(async (trx) => {
        await insertOrderNote(trx, id, body, now());
        // The note itself may hold the customer's details: the log says only that one was added.
        await recordAudit(trx, actor, "order_note", `Order #${order.order_number}: note added`);
      });
      return getOrder(id);
    },

    /** Every order matching the filter with its items, for the CSV export (newest first). */
    async listOrdersForExport(query: OrderFilter): Promise<ExportedOrder[]> {
      const orders = await listOrders(db, toFilter(query), { limit: CSV_MAX_ORDERS, offset: 0 });
      const names = await catalog.pricing();
      const items = groupItems(
        await listOrderItems(
          db,
          orders.map((o) => o.id),
        ),
      );
      return orders.map((order) => ({
        order,
        items: (items.get(order.id) ?? []).map((i) => toItem(i, names)),
      }));
    },
  };
}

export type AdminOrders = ReturnType<typeof createAdminOrders>;
