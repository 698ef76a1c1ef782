/**
 * Purchase orders: one per supplier
 * for the items of an order not yet ordered, held back by the deposit and the right to cancel;
 * sent to the supplier as a PDF; confirmed with the supplier's reference and ship date; received
 * line by line; overdue when the ship date passed. Remakes order an item again on a new line.
 * The first purchase order moves the order to `in_production`; the last item received with the
 * installation visit already booked moves it to `scheduled`.
 */

import {
  isOverdue,
  isPurchaseOrderStatus,
  OPEN_PURCHASE_ORDER_STATUSES,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderFilter,
  type PurchaseOrderStatus,
  type PurchaseOrderUpdate,
  poLabel,
  REMAKE_PAYER_LABELS,
  REMAKE_REASON_LABELS,
  type ReceiveInput,
  type RemakeInput,
  type RemakePayer,
  type RemakeReason,
  statusAfterReceiving,
} from "../../../domain/purchasing/purchasing";
import { addDays, storeToday } from "../../../domain/scheduling/visit-time";
import { configurationEntries, itemSize } from "../../../domain/storefront/item-spec";
import { openOptions } from "../../../domain/storefront/product-options";
import { type Db, now } from "../../db/database";
import {
  listOrderItems,
  lockOrderForUpdate,
  type OrderItemRecord,
} from "../../db/repositories/orders/orders";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import {
  findOrdersWithLines,
  findPurchaseOrder,
  insertPurchaseOrder,
  insertPurchaseOrderLine,
  listLines,
  listLinesForOrder,
  listPurchaseOrders,
  nextPoNumber,
  type PurchaseOrderLineRow,
  type PurchaseOrderListRow,
  setLineReceived,
  updatePurchaseOrder,
} from "../../db/repositories/purchasing/purchase-orders";
import { insertRemake, listRemakes } from "../../db/repositories/purchasing/remakes";
import { findSupplierById, productSuppliers } from "../../db/repositories/purchasing/suppliers";
import { countVisits, countVisitsByOrder } from "../../db/repositories/scheduling/visits";
import type { Order } from "../../db/types";
import {
  type PurchaseOrderPdfData,
  purchaseOrderEmail,
  renderPurchaseOrderPdf,
} from "../../email/purchase-order-pdf";
import { AppError, orNotFound, present } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { AdminOrderItem, AdminOrders } from "../orders/admin-orders";
import { recordOrderChange, recordOrderEvent } from "../orders/order-events";
import { moveOrderByWork } from "../orders/order-moves";
import { assertNoProductionHold } from "../orders/order-rules";
import type { Actor } from "../people/actor";
import { isReadyToInstall, readyFromLines, readyOrders } from "./readiness";

export interface PurchaseOrderLineView {
  id: number;
  itemId: number;
  productName: string;
  roomLabel: string | null;
  size: string;
  colorName: string;
  details: { label: string; value: string }[];
  quantity: number;
  receivedQuantity: number;
  remake: boolean;
}

export interface PurchaseOrderView {
  id: number;
  poNumber: number;
  poLabel: string;
  orderId: number;
  orderNumber: number;
  supplierId: number;
  supplierName: string;
  supplierEmail: string;
  status: PurchaseOrderStatus;
  statusLabel: string;
  supplierReference: string | null;
  expectedShipDate: string;
  overdue: boolean;
  sentAt: string | null;
  createdAt: string;
  items: PurchaseOrderLineView[];
}

export interface RemakeView {
  id: number;
  orderId: number;
  orderNumber: number;
  itemId: number;
  itemName: string;
  roomLabel: string | null;
  reason: RemakeReason;
  reasonLabel: string;
  note: string;
  paidBy: RemakePayer;
  paidByLabel: string;
  poNumber: number;
  poLabel: string;
  createdAt: string;
  actor: string;
}

/** Overdue first (oldest promise first), then the rest by ship date. */
function byUrgency(a: PurchaseOrderView, b: PurchaseOrderView): number {
  if (a.overdue !== b.overdue) return a.overdue ? -1 : 1;
  return a.expectedShipDate < b.expectedShipDate
    ? -1
    : a.expectedShipDate > b.expectedShipDate
      ? 1
      : a.poNumber - b.poNumber;
}

function lineView(
  line: PurchaseOrderLineRow,
  item: AdminOrderItem | undefined,
): PurchaseOrderLineView {
  return {
    id: Number(line.id),
    itemId: Number(line.order_item_id),
    productName: item?.productName ?? "Item",
    roomLabel: item?.roomLabel ?? null,
    size: item ? itemSize(item) : "",
    colorName: item?.colorName ?? "",
    details: item ? configurationEntries(item) : [],
    quantity: Number(line.quantity),
    receivedQuantity: Number(line.received_quantity),
    remake: Number(line.is_remake) === 1,
  };
}

/** Purchase orders as the pages show them: their rows, their lines and the orders' items. */
function toViews(
  rows: readonly PurchaseOrderListRow[],
  lines: readonly PurchaseOrderLineRow[],
  items: ReadonlyMap<number, AdminOrderItem>,
  today: string,
): PurchaseOrderView[] {
  return rows.map((r): PurchaseOrderView => {
    const status = poStatus(r.status);
    return {
      id: r.id,
      poNumber: r.po_number,
      poLabel: poLabel(r.po_number),
      orderId: r.order_id,
      orderNumber: r.order_number,
      supplierId: r.supplier_id,
      supplierName: r.supplier_name,
      supplierEmail: r.supplier_email,
      status,
      statusLabel: PURCHASE_ORDER_STATUS_LABELS[status],
      supplierReference: r.supplier_reference,
      expectedShipDate: r.expected_ship_date,
      overdue: isOverdue({ status, expectedShipDate: r.expected_ship_date }, today),
      sentAt: r.sent_at,
      createdAt: r.created_at,
      items: lines
        .filter((l) => l.purchase_order_id === r.id)
        .map((l) => lineView(l, items.get(l.order_item_id))),
    };
  });
}

/**
 * 409 while an item still says "We'll recommend at measuring": a supplier can't build an open
 * choice. The answer names the item and the option, so the office knows what to settle.
 */
function assertNoOpenChoice(
  order: Pick<Order, "order_number">,
  items: readonly Pick<OrderItemRecord, "id" | "name" | "room_label" | "config">[],
): void {
  for (const item of items) {
    const open = openOptions(item.config?.type === "blinds" ? item.config : null);
    const first = open[0];
    if (!first) continue;
    const where = `${item.name}${item.room_label ? ` (${item.room_label})` : ""}`;
    throw new AppError(
      "conflict",
      `${where} on Order #${order.order_number} still has ${open.map((o) => o.legend).join(" and ")} to be chosen at measuring; settle it on the item before ordering from suppliers.`,
      {
        details: {
          reason: "option_open",
          itemId: item.id,
          option: first.field,
          options: open.map((o) => o.field),
        },
      },
    );
  }
}

function poStatus(value: string): PurchaseOrderStatus {
  return isPurchaseOrderStatus(value) ? value : "draft";
}

export function createPurchaseOrderService(
  deps: ServiceDeps,
  admin: Pick<AdminOrders, "orderItems">,
) {
  const { db, config, logger, emails } = deps;
  const business = config.business;

  async function views(rows: PurchaseOrderListRow[], today = storeToday()) {
    const lines = await listLines(
      db,
      rows.map((r) => r.id),
    );
    // Every listed order's items in one read, not a whole order read per order.
    const orderIds = [...new Set(rows.map((r) => r.order_id))];
    const items = new Map((await admin.orderItems(orderIds)).map((i) => [i.id, i]));
    return toViews(rows, lines, items, today);
  }

  async function getPurchaseOrder(id: number): Promise<PurchaseOrderView> {
    const row = orNotFound(await findPurchaseOrder(db, id), "Purchase order not found.");
    const [view] = await views([row]);
    return present(view, `purchase order ${id}'s view`);
  }

  async function lockedOrder(trx: Db, orderId: number): Promise<Order> {
    const order = await lockOrderForUpdate(trx, orderId);
    if (!order) throw new AppError("not_found", "Order not found.");
    return order;
  }

  function assertOrderable(order: Order): void {
    if (order.status === "pending") {
      throw new AppError(
        "conflict",
        `Order #${order.order_number} is not confirmed yet; confirm it with the customer before ordering from suppliers.`,
        { details: { reason: "not_confirmed" } },
      );
    }
    if (order.status === "completed" || order.status === "cancelled") {
      throw new AppError(
        "conflict",
        `Order #${order.order_number} is ${order.status}; nothing more is ordered for it.`,
      );
    }
    assertNoProductionHold(order);
  }

  /** A new purchase order for one supplier with its lines; answers its id. */
  async function newPurchaseOrder(
    trx: Db,
    order: Order,
    supplierId: number,
    lines: { orderItemId: number; quantity: number }[],
    remake: boolean,
    at: string,
  ): Promise<{ id: number; poNumber: number; lineIds: number[] }> {
    const supplier = await findSupplierById(trx, supplierId);
    if (!supplier) throw new AppError("conflict", "The product's supplier no longer exists.");
    const poNumber = await nextPoNumber(trx);
    const id = await insertPurchaseOrder(trx, {
      po_number: poNumber,
      order_id: order.id,
      supplier_id: supplierId,
      status: "draft",
      supplier_reference: null,
      expected_ship_date: addDays(storeToday(), Number(supplier.lead_days)),
      sent_at: null,
      created_at: at,
      updated_at: at,
    });
    const lineIds: number[] = [];
    for (const line of lines) {
      lineIds.push(
        await insertPurchaseOrderLine(trx, {
          purchaseOrderId: id,
          orderItemId: line.orderItemId,
          quantity: line.quantity,
          isRemake: remake,
          at,
        }),
      );
    }
    return { id, poNumber, lineIds };
  }

  async function pdfData(po: PurchaseOrderView): Promise<PurchaseOrderPdfData> {
    const supplier = await findSupplierById(db, po.supplierId);
    return {
      poLabel: po.poLabel,
      orderNumber: po.orderNumber,
      createdAt: po.createdAt,
      expectedShipDate: po.expectedShipDate,
      supplier: { name: po.supplierName, accountNumber: supplier?.account_number ?? null },
      lines: po.items.map((l) => ({
        productName: l.productName,
        roomLabel: l.roomLabel,
        size: l.size,
        colorName: l.colorName,
        details: l.details,
        quantity: l.quantity,
        remake: l.remake,
      })),
    };
  }

  /** After receiving: `scheduled` when everything arrived and the installation is booked. */
  async function afterReceiving(trx: Db, orderId: number, actor: Actor, at: string) {
    if (!(await isReadyToInstall(trx, orderId))) return false;
    const order = await lockedOrder(trx, orderId);
    await recordOrderEvent(
      trx,
      {
        orderId,
        kind: "purchasing",
        summary: "Every item received: ready to install",
        details: {},
      },
      actor,
      at,
    );
    const booked = await countVisits(trx, {
      orderId,
      kind: "install",
      statuses: ["scheduled"],
    });
    if (booked > 0 && order.status === "in_production") {
      await moveOrderByWork(
        trx,
        orderId,
        "scheduled",
        "every item received and the installation visit is booked",
        actor,
        at,
      );
    }
    return true;
  }

  /** Remakes created in a month (YYYY-MM, by the UTC instant), with the reason and payer. */
  async function remakesForMonth(month: string): Promise<RemakeView[]> {
    const start = new Date(`${month}-01T00:00:00Z`);
    const from = start.toISOString();
    start.setUTCMonth(start.getUTCMonth() + 1);
    const to = start.toISOString();
    const rows = await listRemakes(db, { from, to });
    return rows.map((r) => ({
      id: Number(r.id),
      orderId: r.order_id,
      orderNumber: r.order_number,
      itemId: r.order_item_id,
      itemName: r.item_name,
      roomLabel: r.room_label,
      reason: r.reason,
      reasonLabel: REMAKE_REASON_LABELS[r.reason],
      note: r.note,
      paidBy: r.paid_by,
      paidByLabel: REMAKE_PAYER_LABELS[r.paid_by],
      poNumber: r.po_number,
      poLabel: poLabel(r.po_number),
      createdAt: r.created_at,
      actor: r.actor,
    }));
  }

  /**
   * Runs `change` in one transaction on purchase order `id` as it stands there (404 when there
   * is none), then answers the order's view.
   */
  async function changePurchaseOrder(
    id: number,
    change: (trx: Db, po: PurchaseOrderListRow, at: string) => Promise<void>,
  ): Promise<PurchaseOrderView> {
    const at = now();
    await db.transaction().execute(async (trx) => {
      const po = await findPurchaseOrder(trx, id);
      if (!po) throw new AppError("not_found", "Purchase order not found.");
      await change(trx, po, at);
    });
    return getPurchaseOrder(id);
  }

  return {
    getPurchaseOrder,

    async listPurchaseOrders(filter: {
      orderId?: number;
      status: PurchaseOrderFilter;
    }): Promise<PurchaseOrderView[]> {
      const statuses =
        filter.status === "all" || filter.status === "overdue"
          ? undefined
          : filter.status === "open"
            ? OPEN_PURCHASE_ORDER_STATUSES
            : [filter.status];
      const rows = await listPurchaseOrders(db, { orderId: filter.orderId, statuses });
      const list = (await views(rows)).sort(byUrgency);
      return filter.status === "overdue" ? list.filter((p) => p.overdue) : list;
    },

    /** POST /api/admin/orders/:id/purchase-orders: one per supplier for what is not ordered. */
    async createForOrder(orderId: number, actor: Actor): Promise<PurchaseOrderView[]> {
      const at = now();
      const created = await db.transaction().execute(async (trx) => {
        const order = await lockedOrder(trx, orderId);
        assertOrderable(order);
        const items = (await listOrderItems(trx, [orderId])).filter((i) => i.product_id !== null);
        const ordered = new Set(
          (await listLinesForOrder(trx, orderId))
            .filter((l) => Number(l.is_remake) === 0)
            .map((l) => Number(l.order_item_id)),
        );
        const toOrder = items.filter((i) => !ordered.has(i.id));
        if (toOrder.length === 0) {
          throw new AppError(
            "conflict",
            `Every item of Order #${order.order_number} is already on a purchase order.`,
            { details: { reason: "nothing_to_order" } },
          );
        }
        assertNoOpenChoice(order, toOrder);
        const suppliers = await productSuppliers(trx);
        const bySupplier = new Map<number, typeof toOrder>();
        const missing: string[] = [];
        for (const item of toOrder) {
          const supplierId =
            item.product_id === null ? null : (suppliers.get(item.product_id) ?? null);
          if (supplierId === null) {
            missing.push(item.name);
            continue;
          }
          bySupplier.set(supplierId, [...(bySupplier.get(supplierId) ?? []), item]);
        }
        if (missing.length) {
          throw new AppError(
            "conflict",
            `Choose a supplier in the catalog for ${[...new Set(missing)].join(", ")} before ordering.`,
            { details: { reason: "supplier_missing" } },
          );
        }
        const firstEver = ordered.size === 0;
        const made: { id: number; poNumber: number }[] = [];
        for (const [supplierId, list] of [...bySupplier.entries()].sort((a, b) => a[0] - b[0])) {
          const po = await newPurchaseOrder(
            trx,
            order,
            supplierId,
            list.map((i) => ({ orderItemId: i.id, quantity: i.quantity })),
            false,
            at,
          );
          made.push(po);
        }
        const labels = made.map((m) => poLabel(m.poNumber)).join(", ");
        await recordOrderChange(trx, actor, at, {
          orderId,
          kind: "purchasing",
          summary: `Purchase orders created: ${labels}`,
          details: { purchaseOrders: made },
          audit: {
            kind: "purchasing",
            summary: `Order #${order.order_number}: purchase orders created: ${labels}`,
            details: { after: { purchaseOrders: made } },
          },
        });
        if (firstEver) {
          await moveOrderByWork(
            trx,
            orderId,
            "in_production",
            `purchase order ${poLabel(made[0]?.poNumber ?? 0)} created`,
            actor,
            at,
          );
        }
        return made;
      });
      logger.info("purchase orders created", { orderId, count: created.length });
      return Promise.all(created.map((m) => getPurchaseOrder(m.id)));
    },

    async pdf(id: number): Promise<{ data: Buffer; fileName: string }> {
      const po = await getPurchaseOrder(id);
      return {
        data: await renderPurchaseOrderPdf(business, await pdfData(po)),
        fileName: `${po.poLabel}.pdf`,
      };
    },

    /** POST /api/admin/purchase-orders/:id/send: the PDF to the supplier (`sent`). */
    async send(id: number, actor: Actor): Promise<PurchaseOrderView> {
      const po = await getPurchaseOrder(id);
      const pdf = await renderPurchaseOrderPdf(business, await pdfData(po));
      const at = now();
      await db.transaction().execute(async (trx) => {
        await enqueueEmail(
          trx,
          purchaseOrderEmail(business, { ...po, lineCount: po.items.length }, pdf),
        );
        await updatePurchaseOrder(trx, id, {
          ...(po.status === "draft" ? { status: "sent" } : {}),
          sent_at: at,
          updated_at: at,
        });
        await recordOrderChange(trx, actor, at, {
          orderId: po.orderId,
          kind: "purchasing",
          summary: `${po.poLabel} sent to ${po.supplierName}`,
          details: { purchaseOrderId: id },
          audit: { kind: "purchasing", summary: `${po.poLabel} sent to ${po.supplierName}` },
        });
      });
      emails.kick();
      return getPurchaseOrder(id);
    },

    /** PATCH: the supplier's reference and ship date (`confirmed`). */
    async update(id: number, input: PurchaseOrderUpdate, actor: Actor): Promise<PurchaseOrderView> {
      return changePurchaseOrder(id, async (trx, po, at) => {
        const confirms = po.status === "draft" || po.status === "sent";
        await updatePurchaseOrder(trx, id, {
          ...(input.supplierReference !== undefined
            ? { supplier_reference: input.supplierReference }
            : {}),
          ...(input.expectedShipDate !== undefined
            ? { expected_ship_date: input.expectedShipDate }
            : {}),
          ...(confirms ? { status: "confirmed" } : {}),
          updated_at: at,
        });
        const words = [
          input.supplierReference ? `reference ${input.supplierReference}` : null,
          input.expectedShipDate ? `ships ${input.expectedShipDate}` : null,
        ]
          .filter(Boolean)
          .join(", ");
        const change = {
          before: {
            supplierReference: po.supplier_reference,
            expectedShipDate: po.expected_ship_date,
          },
          after: input,
        };
        await recordOrderChange(trx, actor, at, {
          orderId: po.order_id,
          kind: "purchasing",
          summary: `${poLabel(po.po_number)} confirmed by ${po.supplier_name}${words ? `: ${words}` : ""}`,
          details: change,
          audit: {
            kind: "purchasing",
            summary: `${poLabel(po.po_number)} updated`,
            details: change,
          },
        });
      });
    },

    /** POST /receive: lines partly or fully; `received` when all are. */
    async receive(id: number, input: ReceiveInput, actor: Actor): Promise<PurchaseOrderView> {
      return changePurchaseOrder(id, async (trx, po, at) => {
        const lines = await listLines(trx, [id]);
        const received = new Map(lines.map((l) => [Number(l.id), Number(l.received_quantity)]));
        const words: string[] = [];
        for (const [index, entry] of input.items.entries()) {
          let left = entry.quantity;
          const own = lines.filter((l) => Number(l.order_item_id) === entry.itemId);
          if (own.length === 0) {
            throw new AppError(
              "validation_failed",
              `items: item ${entry.itemId} is not on ${poLabel(po.po_number)}.`,
              {
                fields: { [`items.${index}.itemId`]: `itemId is not on ${poLabel(po.po_number)}` },
              },
            );
          }
          for (const line of own) {
            const have = received.get(Number(line.id)) ?? 0;
            const take = Math.min(left, Number(line.quantity) - have);
            if (take <= 0) continue;
            received.set(Number(line.id), have + take);
            left -= take;
          }
          if (left > 0) {
            throw new AppError(
              "conflict",
              `items: item ${entry.itemId} is already received in full on ${poLabel(po.po_number)} (${left} more than ordered).`,
              {
                details: { reason: "over_received", itemId: entry.itemId },
                fields: {
                  [`items.${index}.quantity`]: `quantity is ${left} more than is still due`,
                },
              },
            );
          }
          words.push(`${entry.quantity} × item ${entry.itemId}`);
        }
        for (const line of lines) {
          const value = received.get(Number(line.id)) ?? 0;
          if (value !== Number(line.received_quantity)) await setLineReceived(trx, line.id, value);
        }
        const status = statusAfterReceiving(
          poStatus(po.status),
          lines.map((l) => ({
            quantity: Number(l.quantity),
            receivedQuantity: received.get(Number(l.id)) ?? 0,
          })),
        );
        await updatePurchaseOrder(trx, id, { status, updated_at: at });
        await recordOrderChange(trx, actor, at, {
          orderId: po.order_id,
          kind: "purchasing",
          summary: `${poLabel(po.po_number)}: received ${words.join(", ")}${status === "received" ? " (all received)" : ""}`,
          details: { purchaseOrderId: id, items: input.items },
          audit: {
            kind: "purchasing",
            summary: `${poLabel(po.po_number)}: received ${words.join(", ")}`,
            details: { after: { status, items: input.items } },
          },
        });
        if (status === "received") await afterReceiving(trx, po.order_id, actor, at);
      });
    },

    /** POST /orders/:id/items/:itemId/remake: ordered again; the customer's total unchanged. */
    async remake(
      orderId: number,
      itemId: number,
      input: RemakeInput,
      actor: Actor,
    ): Promise<{ remake: RemakeView; purchaseOrder: PurchaseOrderView }> {
      const at = now();
      const made = await db.transaction().execute(async (trx) => {
        const order = await lockedOrder(trx, orderId);
        if (order.status === "cancelled") {
          throw new AppError("conflict", `Order #${order.order_number} is cancelled.`);
        }
        const item = (await listOrderItems(trx, [orderId])).find((i) => i.id === itemId);
        if (!item) throw new AppError("not_found", "Item not found on this order.");
        const first = (await listLinesForOrder(trx, orderId)).find(
          (l) => Number(l.order_item_id) === itemId && Number(l.is_remake) === 0,
        );
        if (!first) {
          throw new AppError(
            "conflict",
            `${item.name} has not been ordered from a supplier yet; order it before asking for a remake.`,
            { details: { reason: "not_ordered" } },
          );
        }
        const firstPo = present(
          await findPurchaseOrder(trx, first.purchase_order_id),
          `purchase order ${first.purchase_order_id}`,
        );
        const po = await newPurchaseOrder(
          trx,
          order,
          firstPo.supplier_id,
          [{ orderItemId: itemId, quantity: item.quantity }],
          true,
          at,
        );
        const remakeId = await insertRemake(trx, {
          order_id: orderId,
          order_item_id: itemId,
          reason: input.reason,
          note: input.note,
          paid_by: input.paidBy,
          purchase_order_line_id: present(po.lineIds[0], "the remake's purchase order line"),
          actor: actor.label,
          staff_id: actor.staffId,
          created_at: at,
        });
        const summary = `Remake of ${item.name}${item.room_label ? ` (${item.room_label})` : ""} on ${poLabel(po.poNumber)}: ${REMAKE_REASON_LABELS[input.reason]}, paid by ${REMAKE_PAYER_LABELS[input.paidBy].toLowerCase()}`;
        await recordOrderChange(trx, actor, at, {
          orderId,
          kind: "purchasing",
          summary,
          details: { remakeId, itemId, ...input },
          audit: {
            kind: "purchasing",
            summary: `Order #${order.order_number}: ${summary}`,
            details: {
              after: { remakeId, itemId, reason: input.reason, paidBy: input.paidBy },
            },
          },
        });
        return { remakeId, poId: po.id, createdAt: at };
      });
      const month = made.createdAt.slice(0, 7);
      const remake = (await remakesForMonth(month)).find((r) => r.id === made.remakeId);
      return {
        remake: present(remake, `remake ${made.remakeId}`),
        purchaseOrder: await getPurchaseOrder(made.poId),
      };
    },

    remakesForMonth,

    /**
     * The order page's summary: ordered, received, ready to install. The order's items are the
     * ones the page already read (admin.getOrder): only its purchase orders and their lines are
     * read here, once each.
     */
    async orderSupply(order: { id: number; items: readonly AdminOrderItem[] }): Promise<{
      purchaseOrders: PurchaseOrderView[];
      readyToInstall: boolean;
      unordered: number;
    }> {
      const rows = await listPurchaseOrders(db, { orderId: order.id });
      // No purchase order, no line: nothing is ordered yet, so nothing is ready.
      const lines = rows.length ? await listLinesForOrder(db, order.id) : [];
      const items = new Map(order.items.map((i) => [i.id, i]));
      const purchaseOrders = toViews(rows, lines, items, storeToday()).sort(
        (a, b) => a.poNumber - b.poNumber,
      );
      const made = order.items.filter((i) => i.productId !== null).map((i) => i.id);
      const ordered = new Set(purchaseOrders.flatMap((p) => p.items.map((l) => l.itemId)));
      return {
        purchaseOrders,
        readyToInstall: readyFromLines(made, lines),
        unordered: made.filter((id) => !ordered.has(id)).length,
      };
    },

    /** The dashboard: orders whose items all arrived (to schedule) and overdue purchase orders. */
    async dashboardLists(): Promise<{
      readyToInstall: { orderId: number; orderNumber: number; installBooked: boolean }[];
      overdue: PurchaseOrderView[];
    }> {
      // A fixed number of statements however many orders: the orders with
      // their numbers, all their items, all their lines, the ready ones' booked installations.
      const orders = await findOrdersWithLines(db, ["in_production", "scheduled"]);
      const readyIds = await readyOrders(
        db,
        orders.map((o) => o.id),
      );
      const candidates = orders.filter((o) => readyIds.has(o.id));
      const booked = await countVisitsByOrder(db, {
        orderIds: candidates.map((o) => o.id),
        kind: "install",
        statuses: ["scheduled"],
      });
      const ready = candidates.map((o) => ({
        orderId: o.id,
        orderNumber: o.orderNumber,
        installBooked: (booked.get(o.id) ?? 0) > 0,
      }));
      const open = await listPurchaseOrders(db, {
        statuses: OPEN_PURCHASE_ORDER_STATUSES,
      });
      const overdue = (await views(open)).filter((p) => p.overdue).sort(byUrgency);
      return { readyToInstall: ready, overdue };
    },
  };
}

export type PurchaseOrderService = ReturnType<typeof createPurchaseOrderService>;
