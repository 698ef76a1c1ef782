import { lineCostCents } from "../../../../domain/books/margin";
import { nextSizeUpCost, type PriceGridRow } from "../../../../domain/purchasing/price-grid";
import {
  isOverdue,
  isPurchaseOrderStatus,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderStatus,
  poLabel,
  REMAKE_PAYER_LABELS,
  REMAKE_REASON_LABELS,
  type RemakePayer,
  type RemakeReason,
} from "../../../../domain/purchasing/purchasing";
import { describeMeasured } from "../../../../domain/sales/measured-size";
import { addDays, storeMonthBounds, storeToday } from "../../../../domain/scheduling/visit-time";
import { configurationEntries, itemSize } from "../../../../domain/storefront/item-spec";
import { openOptions } from "../../../../domain/storefront/product-options";
import { type Db, now } from "../../../db/database";
import { lockOrderForUpdate, type OrderItemRecord } from "../../../db/repositories/orders/orders";
import { listPriceGrid } from "../../../db/repositories/purchasing/price-grid";
import {
  findPurchaseOrder,
  insertPurchaseOrder,
  insertPurchaseOrderLine,
  listLines,
  nextPoNumber,
  type PurchaseOrderLineRow,
  type PurchaseOrderListRow,
} from "../../../db/repositories/purchasing/purchase-orders";
import { listRemakes } from "../../../db/repositories/purchasing/remakes";
import { findSupplierById } from "../../../db/repositories/purchasing/suppliers";
import { countVisits } from "../../../db/repositories/scheduling/visits";
import type { LineCostSource, Order } from "../../../db/types";
import type { PurchaseOrderPdfData } from "../../../email/purchase-order-pdf";
import { AppError, orNotFound, present } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { AdminOrderItem, AdminOrders } from "../../orders/admin-orders";
import { recordOrderEvent } from "../../orders/order-events";
import { moveOrderByWork } from "../../orders/order-moves";
import { assertNoProductionHold } from "../../orders/order-rules";
import type { Actor } from "../../people/actor";
import { isReadyToInstall } from "../readiness";

export interface PurchaseOrderLineView {
  id: number;
  itemId: number;
  productName: string;
  roomLabel: string | null;
  size: string;
  /** The measurements the size came from (decision 573), in words; null when not measured. */
  measured: string | null;
  colorName: string;
  details: { label: string; value: string }[];
  quantity: number;
  receivedQuantity: number;
  remake: boolean;
  /** What one piece cost, and the line's cost (× quantity); null: unknown ("no cost"). */
  unitCostCents: number | null;
  lineCostCents: number | null;
  costSource: LineCostSource | null;
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
export function byUrgency(a: PurchaseOrderView, b: PurchaseOrderView): number {
  if (a.overdue !== b.overdue) return a.overdue ? -1 : 1;
  return a.expectedShipDate < b.expectedShipDate
    ? -1
    : a.expectedShipDate > b.expectedShipDate
      ? 1
      : a.poNumber - b.poNumber;
}

export function lineView(
  line: PurchaseOrderLineRow,
  item: AdminOrderItem | undefined,
): PurchaseOrderLineView {
  return {
    id: Number(line.id),
    itemId: Number(line.order_item_id),
    productName: item?.productName ?? "Item",
    roomLabel: item?.roomLabel ?? null,
    size: item ? itemSize(item) : "",
    measured: item?.measured ? describeMeasured(item.measured) : null,
    colorName: item?.colorName ?? "",
    details: item ? configurationEntries(item) : [],
    quantity: Number(line.quantity),
    receivedQuantity: Number(line.received_quantity),
    remake: Number(line.is_remake) === 1,
    unitCostCents: line.unit_cost_cents === null ? null : Number(line.unit_cost_cents),
    lineCostCents: lineCostCents({
      unitCostCents: line.unit_cost_cents === null ? null : Number(line.unit_cost_cents),
      quantity: Number(line.quantity),
    }),
    costSource: line.cost_source,
  };
}

/** Purchase orders as the pages show them: their rows, their lines and the orders' items. */
export function toViews(
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
export function assertNoOpenChoice(
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

export function poStatus(value: string): PurchaseOrderStatus {
  return isPurchaseOrderStatus(value) ? value : "draft";
}

/** What this service's use cases receive: the store's dependencies and the service's own. */
export type PurchaseOrderServiceDeps = ServiceDeps & { admin: Pick<AdminOrders, "orderItems"> };

export async function views(
  deps: PurchaseOrderServiceDeps,
  rows: PurchaseOrderListRow[],
  today = storeToday(),
) {
  const { admin } = deps;
  const { db } = deps;

  const lines = await listLines(
    db,
    rows.map((r) => r.id),
  );
  // Every listed order's items in one read, not a whole order read per order.
  const orderIds = [...new Set(rows.map((r) => r.order_id))];
  const items = new Map((await admin.orderItems(orderIds)).map((i) => [i.id, i]));
  return toViews(rows, lines, items, today);
}

export async function getPurchaseOrder(
  deps: PurchaseOrderServiceDeps,
  id: number,
): Promise<PurchaseOrderView> {
  const { db } = deps;

  const row = orNotFound(await findPurchaseOrder(db, id), "Purchase order not found.");
  const [view] = await views(deps, [row]);
  return present(view, `purchase order ${id}'s view`);
}

export async function lockedOrder(trx: Db, orderId: number): Promise<Order> {
  const order = await lockOrderForUpdate(trx, orderId);
  if (!order) throw new AppError("not_found", "Order not found.");
  return order;
}

export function assertOrderable(order: Order): void {
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

/** A line to order: the item, how many, and what the supplier's grid prices it by. */
export interface NewPurchaseOrderLine {
  orderItemId: number;
  quantity: number;
  item: Pick<OrderItemRecord, "item_type" | "width_eighths" | "height_eighths">;
  /** A cost already known for this piece (a remake's first line); else the grid prices it. */
  knownCost?: { unitCostCents: number; source: LineCostSource };
}

/**
 * A new purchase order for one supplier with its lines, each priced from the supplier's grid
 * ("next size up", domain/purchasing/price-grid.ts) unless its cost is known; answers its id.
 */
export async function newPurchaseOrder(
  trx: Db,
  order: Order,
  supplierId: number,
  lines: NewPurchaseOrderLine[],
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
  const grid = await listPriceGrid(trx, supplierId, [
    ...new Set(lines.map((l) => l.item.item_type)),
  ]);
  const lineIds: number[] = [];
  for (const line of lines) {
    lineIds.push(
      await insertPurchaseOrderLine(trx, {
        purchaseOrderId: id,
        orderItemId: line.orderItemId,
        quantity: line.quantity,
        isRemake: remake,
        at,
        cost: line.knownCost ?? gridCost(grid, line.item),
      }),
    );
  }
  return { id, poNumber, lineIds };
}

function gridCost(grid: readonly PriceGridRow[], item: NewPurchaseOrderLine["item"]) {
  const cents = nextSizeUpCost(grid, item.item_type, item.width_eighths, item.height_eighths);
  return cents === null ? null : { unitCostCents: cents, source: "grid" as const };
}

export async function pdfData(
  deps: PurchaseOrderServiceDeps,
  po: PurchaseOrderView,
): Promise<PurchaseOrderPdfData> {
  const { db } = deps;

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
      measured: l.measured,
      colorName: l.colorName,
      details: l.details,
      quantity: l.quantity,
      remake: l.remake,
    })),
  };
}

/** After receiving: `scheduled` when everything arrived and the installation is booked. */
export async function afterReceiving(trx: Db, orderId: number, actor: Actor, at: string) {
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

/** Remakes created in a month (YYYY-MM, the store's month), with the reason and payer. */
export async function remakesForMonth(
  deps: PurchaseOrderServiceDeps,
  month: string,
): Promise<RemakeView[]> {
  const { db } = deps;
  const { from, to } = storeMonthBounds(month);
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
export async function changePurchaseOrder(
  deps: PurchaseOrderServiceDeps,
  id: number,
  change: (trx: Db, po: PurchaseOrderListRow, at: string) => Promise<void>,
): Promise<PurchaseOrderView> {
  const { db } = deps;

  const at = now();
  await db.transaction().execute(async (trx) => {
    const po = await findPurchaseOrder(trx, id);
    if (!po) throw new AppError("not_found", "Purchase order not found.");
    await change(trx, po, at);
  });
  return getPurchaseOrder(deps, id);
}
