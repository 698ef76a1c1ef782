/** The orders workflow of the back office: list and search, detail, status changes, notes, CSV. */
import type { OrderStatusChange } from "../../domain/admin-schema";
import { visitWindowLabel } from "../../domain/admin-schema";
import { colorName } from "../../domain/colors";
import { type CsvValue, toCsv } from "../../domain/csv";
import { fromEighths } from "../../domain/dimensions";
import { centsToAmount, centsToDecimalString } from "../../domain/money";
import {
  allowedTransitions,
  isOrderStatus,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  orderStatusLabel,
} from "../../domain/order-status";
import type { ServiceDeps } from "../context";
import { now } from "../db/database";
import {
  countOrders,
  findOrderById,
  findOrderHistory,
  findOrderItemsForOrders,
  findOrderNotes,
  insertOrderHistory,
  insertOrderNote,
  listOrders,
  type OrderFilter,
  updateOrderStatus,
} from "../db/repositories/admin-orders";
import { enqueueEmail } from "../db/repositories/email-outbox";
import type { Order, OrderItemRow } from "../db/types";
import { emailLayout, escapeHtml, textFooter } from "../email/render";
import { AppError } from "../errors";
import { parseConfiguration } from "./cart";

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
  /** Unit price of one piece, as SPEC.md's calculatedPrice ("123.45"). */
  calculatedPrice: string;
  installationPrice: number;
  lineTotal: number;
  roomLabel: string | null;
  configuration: Record<string, unknown>;
}

export interface AdminOrderSummary {
  id: number;
  reference: string;
  created_at: string;
  updated_at: string;
  status: string;
  status_label: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_address: string;
  item_count: number;
  items: AdminOrderItem[];
  total_amount: number;
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
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  allowed_transitions: { status: OrderStatus; label: string }[];
  history: {
    from: string | null;
    to: string;
    toLabel: string;
    note: string | null;
    actor: string;
    changedAt: string;
  }[];
  notes: { id: number; body: string; createdAt: string }[];
}

export interface AdminOrderPage {
  orders: AdminOrderSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  /** True when the store has no orders at all (SPEC.md 'No Orders Yet'). */
  storeHasOrders: boolean;
}

function toItem(row: OrderItemRow): AdminOrderItem {
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
    colorName: row.color_name || colorName(row.selected_color),
    quantity: row.quantity,
    includeInstallation: row.include_installation === 1,
    calculatedPrice: centsToDecimalString(row.unit_price_cents),
    installationPrice: centsToAmount(row.installation_cents),
    lineTotal: centsToAmount(row.line_total_cents),
    roomLabel: row.room_label,
    configuration: parseConfiguration(row.configuration),
  };
}

function fullAddress(order: Order): string {
  return `${order.address}, ${order.city}, ${order.state} ${order.zip_code}`;
}

function toSummary(order: Order, items: OrderItemRow[]): AdminOrderSummary {
  return {
    id: order.id,
    reference: order.reference,
    created_at: order.created_at,
    updated_at: order.updated_at,
    status: order.status,
    status_label: orderStatusLabel(order.status),
    customer_name: `${order.first_name} ${order.last_name}`,
    customer_email: order.email,
    customer_phone: order.phone,
    customer_address: fullAddress(order),
    item_count: order.item_count,
    items: items.map(toItem),
    total_amount: centsToAmount(order.total_cents),
  };
}

function groupItems(items: OrderItemRow[]): Map<number, OrderItemRow[]> {
  const byOrder = new Map<number, OrderItemRow[]>();
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

const STATUS_SENTENCES: Record<OrderStatus, string> = {
  pending: "We have your order and will call you within 24 hours.",
  confirmed: "Your order is confirmed. We will contact you to arrange the measurement visit.",
  measured: "We have measured your windows and are preparing your order for production.",
  in_production: "Your blinds and shutters are being made to your measurements.",
  scheduled: "Your installation is scheduled. We will confirm the time with you beforehand.",
  completed: "Your order is complete. Thank you for choosing us.",
  cancelled: "Your order has been cancelled. Call us if this is unexpected.",
};

export function createAdminOrders(deps: ServiceDeps) {
  const { db, config, logger, emails } = deps;
  const business = config.business;

  async function getOrder(id: number): Promise<AdminOrderDetail> {
    const order = await findOrderById(db, id);
    if (!order) throw new AppError("not_found", "Order not found.");
    const [items, history, notes] = await Promise.all([
      findOrderItemsForOrders(db, [id]),
      findOrderHistory(db, id),
      findOrderNotes(db, id),
    ]);
    return {
      ...toSummary(order, items),
      first_name: order.first_name,
      last_name: order.last_name,
      address: order.address,
      city: order.city,
      state: order.state,
      zip_code: order.zip_code,
      visit_window: order.visit_window,
      visit_window_label: visitWindowLabel(order.visit_window),
      special_instructions: order.special_instructions,
      subtotal: centsToAmount(order.subtotal_cents),
      discount: centsToAmount(order.discount_cents),
      shipping: centsToAmount(order.shipping_cents),
      tax: centsToAmount(order.tax_cents),
      allowed_transitions: isOrderStatus(order.status)
        ? allowedTransitions(order.status).map((s) => ({
            status: s,
            label: ORDER_STATUS_LABELS[s],
          }))
        : [],
      history: history.map((h) => ({
        from: h.from_status,
        to: h.to_status,
        toLabel: orderStatusLabel(h.to_status),
        note: h.note,
        actor: h.actor,
        changedAt: h.changed_at,
      })),
      notes: notes.map((n) => ({ id: n.id, body: n.body, createdAt: n.created_at })),
    };
  }

  function statusEmail(order: Order, to: OrderStatus) {
    const label = ORDER_STATUS_LABELS[to];
    const link = `${config.publicUrl}/orders/${encodeURIComponent(order.reference)}`;
    const sentence = STATUS_SENTENCES[to];
    const subject = `Your order ${order.reference}: ${label}`;
    const text = `Hello ${order.first_name},\n\nYour order ${order.reference} is now: ${label}.\n${sentence}\n\nSee your order: ${link}\nQuestions? Call ${business.phone}.\n${textFooter(business)}`;
    const html = emailLayout(
      business,
      `Order ${order.reference}: ${label}`,
      `<p>Hello ${escapeHtml(order.first_name)},</p>
<p>Your order <strong>${escapeHtml(order.reference)}</strong> is now: <strong>${escapeHtml(label)}</strong>.</p>
<p>${escapeHtml(sentence)}</p>
<p><a href="${escapeHtml(link)}">See your order</a></p>
<p>Questions? Call ${escapeHtml(business.phone)}.</p>`,
    );
    return { kind: "order-status", to: order.email, subject, text, html };
  }

  return {
    async listOrders(
      query: OrderFilter & { page: number; pageSize: number },
    ): Promise<AdminOrderPage> {
      const filter = toFilter(query);
      const total = await countOrders(db, filter);
      const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
      const rows = await listOrders(db, filter, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const items = groupItems(
        await findOrderItemsForOrders(
          db,
          rows.map((r) => r.id),
        ),
      );
      const storeHasOrders =
        total > 0 || (filter.status || filter.q ? (await countOrders(db, {})) > 0 : false);
      return {
        orders: rows.map((r) => toSummary(r, items.get(r.id) ?? [])),
        total,
        page: query.page,
        pageSize: query.pageSize,
        pageCount,
        storeHasOrders,
      };
    },

    getOrder,

    async changeOrderStatus(id: number, change: OrderStatusChange): Promise<AdminOrderDetail> {
      const at = now();
      const emailed = await db.transaction().execute(async (trx) => {
        const order = await findOrderById(trx, id);
        if (!order) throw new AppError("not_found", "Order not found.");
        const from = order.status;
        const allowed = isOrderStatus(from) ? allowedTransitions(from) : [];
        if (!isOrderStatus(from) || !allowed.includes(change.status)) {
          const options = allowed.map((s) => ORDER_STATUS_LABELS[s]).join(" or ");
          throw new AppError(
            "conflict",
            `Order ${order.reference} is ${orderStatusLabel(from)}; it can move to ${options || "no other status"}, not ${ORDER_STATUS_LABELS[change.status]}.`,
            { details: { status: from, allowed } },
          );
        }
        if (!(await updateOrderStatus(trx, id, from, change.status, at))) {
          throw new AppError(
            "conflict",
            `Order ${order.reference} was changed by someone else. Reload it and try again.`,
          );
        }
        await insertOrderHistory(trx, {
          orderId: id,
          from,
          to: change.status,
          note: change.note,
          actor: "admin",
          at,
        });
        if (change.notifyCustomer) {
          await enqueueEmail(trx, {
            ...statusEmail(order, change.status),
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

    async addOrderNote(id: number, body: string): Promise<AdminOrderDetail> {
      const order = await findOrderById(db, id);
      if (!order) throw new AppError("not_found", "Order not found.");
      await insertOrderNote(db, id, body, now());
      return getOrder(id);
    },

    /** CSV of every order matching the filter: one row per item, order fields repeated. */
    async exportOrdersCsv(query: OrderFilter): Promise<string> {
      const filter = toFilter(query);
      const orders = await listOrders(db, filter, { limit: CSV_MAX_ORDERS, offset: 0 });
      const items = groupItems(
        await findOrderItemsForOrders(
          db,
          orders.map((o) => o.id),
        ),
      );
      // biome-ignore format: one line per CSV column would hide the shape of the row
      const header = [
        "reference", "created_at", "status", "first_name", "last_name", "email", "phone",
        "address", "city", "state", "zip_code", "visit_window", "special_instructions",
        "subtotal", "discount", "shipping", "tax", "total", "item_position", "item_type",
        "item_name", "width_in", "height_in", "color", "room", "quantity", "installation",
        "unit_price", "installation_price", "line_total",
      ];
      const rows: CsvValue[][] = [];
      for (const o of orders) {
        // biome-ignore format: mirrors the header
        const orderCells: CsvValue[] = [
          o.reference, o.created_at, o.status, o.first_name, o.last_name, o.email, o.phone,
          o.address, o.city, o.state, o.zip_code, o.visit_window, o.special_instructions,
          centsToAmount(o.subtotal_cents), centsToAmount(o.discount_cents),
          centsToAmount(o.shipping_cents), centsToAmount(o.tax_cents),
          centsToAmount(o.total_cents),
        ];
        const list = items.get(o.id) ?? [];
        if (list.length === 0) rows.push(orderCells);
        for (const i of list) {
          // biome-ignore format: keeps the row readable next to the header
          rows.push([
            ...orderCells,
            i.position, i.item_type, i.name, fromEighths(i.width_eighths),
            fromEighths(i.height_eighths), i.color_name || colorName(i.selected_color),
            i.room_label, i.quantity, i.include_installation === 1,
            centsToAmount(i.unit_price_cents), centsToAmount(i.installation_cents),
            centsToAmount(i.line_total_cents),
          ]);
        }
      }
      return toCsv(header, rows);
    },
  };
}

export type AdminOrders = ReturnType<typeof createAdminOrders>;
