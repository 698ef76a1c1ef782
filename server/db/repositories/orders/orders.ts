/**
 * Orders, their item snapshots, status history and notes: the one repository that checkout,
 * the back office and retention use. One row mapper per table: pg answers bigint (money,
 * order numbers) and identity ids as strings; the mappers make them numbers (every value stays
 * far below 2^53) and parse the stored configuration once.
 */

import type { Selectable } from "kysely";
import { type ExpressionBuilder, type Insertable, PostgresAdapter, sql } from "kysely";
import type { OrderStatus } from "../../../../domain/orders/order-status";
import type { StoredConfiguration } from "../../../../domain/shared/schemas";
import type { OrderAmounts } from "../../../../domain/storefront/cart-totals";
import { fixedQuery, fixedRowsQuery, markedValues } from "../../compiled-query";
import { type Db, toNumber } from "../../database";
import type {
  Database,
  NewOrder,
  Order,
  OrderItemRow,
  OrderItemsTable,
  OrderNotesTable,
  OrderStatusHistoryTable,
} from "../../types";
import { parseItemConfiguration } from "../stored-item";

/** An order item with its configuration parsed (null when it no longer parses). */
export interface OrderItemRecord extends OrderItemRow {
  config: StoredConfiguration | null;
}

export type OrderHistoryRow = Selectable<OrderStatusHistoryTable>;
export type OrderNoteRow = Selectable<OrderNotesTable>;

export interface OrderFilter {
  status?: OrderStatus;
  /** Reference, order number, name, email or phone (digits compared without punctuation). */
  q?: string;
}

export function toOrder(row: Order): Order {
  return {
    ...row,
    id: toNumber(row.id),
    order_number: toNumber(row.order_number),
    subtotal_cents: toNumber(row.subtotal_cents),
    discount_cents: toNumber(row.discount_cents),
    shipping_cents: toNumber(row.shipping_cents),
    tax_cents: toNumber(row.tax_cents),
    total_cents: toNumber(row.total_cents),
    item_count: toNumber(row.item_count),
    paid_cents: toNumber(row.paid_cents),
    deposit_cents: toNumber(row.deposit_cents),
    tax_rate_bp: toNumber(row.tax_rate_bp),
    surtax_rate_bp: toNumber(row.surtax_rate_bp),
    surtaxable_cents: toNumber(row.surtaxable_cents),
    surtax_cents: toNumber(row.surtax_cents),
  };
}

/** What an order stores of the tax that made its totals. */
export interface OrderTaxDetail {
  salesTaxBasisPoints: number;
  surtaxBasisPoints: number;
  surtaxableCents: number;
  surtaxCents: number;
}

/** The orders columns of a tax detail (CartTotals.taxDetail), for insertOrder. */
export function orderTaxColumns(
  tax: OrderTaxDetail,
): Pick<NewOrder, "tax_rate_bp" | "surtax_rate_bp" | "surtaxable_cents" | "surtax_cents"> {
  return {
    tax_rate_bp: tax.salesTaxBasisPoints,
    surtax_rate_bp: tax.surtaxBasisPoints,
    surtaxable_cents: tax.surtaxableCents,
    surtax_cents: tax.surtaxCents,
  };
}

/** The orders columns of an order's amounts and their tax detail. */
export function orderAmountColumns(amounts: OrderAmounts, tax: OrderTaxDetail) {
  return {
    subtotal_cents: amounts.subtotalCents,
    discount_cents: amounts.discountCents,
    shipping_cents: amounts.shippingCents,
    tax_cents: amounts.taxCents,
    total_cents: amounts.totalCents,
    ...orderTaxColumns(tax),
  };
}

/** The rates an order was taxed with: an adjustment re-taxes with these, never today's. */
export function orderTaxRates(
  order: Pick<Order, "tax_rate_bp" | "surtax_rate_bp" | "tax_exempt_type">,
): {
  salesTaxBasisPoints: number;
  surtaxBasisPoints: number;
} {
  // A tax-exempt order (migration 0025) stays untaxed through every adjustment.
  if (order.tax_exempt_type !== null) return { salesTaxBasisPoints: 0, surtaxBasisPoints: 0 };
  return { salesTaxBasisPoints: order.tax_rate_bp, surtaxBasisPoints: order.surtax_rate_bp };
}

export function toOrderItem(row: OrderItemRow): OrderItemRecord {
  return {
    ...row,
    id: toNumber(row.id),
    order_id: toNumber(row.order_id),
    product_id: row.product_id === null ? null : toNumber(row.product_id),
    service_id: row.service_id === null ? null : toNumber(row.service_id),
    unit_price_cents: toNumber(row.unit_price_cents),
    installation_cents: toNumber(row.installation_cents),
    line_total_cents: toNumber(row.line_total_cents),
    config: parseItemConfiguration(row),
  };
}

// ---- Reading one order ----

export async function findOrderById(db: Db, id: number): Promise<Order | undefined> {
  const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toOrder(row) : undefined;
}

/**
 * THE ORDER'S ROW LOCK. Call it first, inside the transaction, in every use case
 * that changes an order's money or status (payments, refunds, adjustments, status changes,
 * cancellations, deposits, quotes turned into orders, purchase orders, close-out...), then
 * re-check your rules on the order it answers: a concurrent writer of the same order waits
 * here until the first one commits, and then reads the committed row.
 *
 * PostgreSQL: `SELECT … FOR UPDATE` on the orders row (READ COMMITTED re-reads the newest
 * version once the lock is granted). SQLite: a plain read; transactions already begin
 * IMMEDIATE (server/db/database.ts), so only one writer runs at a time on the whole file.
 * Answers undefined when the order does not exist.
 */
export async function lockOrderForUpdate(db: Db, id: number): Promise<Order | undefined> {
  const query = db.selectFrom("orders").selectAll().where("id", "=", id);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const row = await (postgres ? query.forUpdate() : query).executeTakeFirst();
  return row ? toOrder(row) : undefined;
}

// The statements of placing an order, compiled once.
const selectOrderOfCart = fixedQuery((db, p: { cartId: string }) =>
  db.selectFrom("orders").selectAll().where("cart_id", "=", p.cartId),
);
const bumpOrderNumber = fixedQuery((db, _p: Record<string, never>) =>
  db
    .updateTable("order_counters")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("name", "=", "order_number")
    .returning("value"),
);
const insertHistoryRow = fixedQuery((db, p: Insertable<OrderStatusHistoryTable>) =>
  db
    .insertInto("order_status_history")
    .values({
      order_id: p.order_id,
      from_status: p.from_status,
      to_status: p.to_status,
      note: p.note,
      actor: p.actor,
      kind: p.kind,
      staff_id: p.staff_id,
      changed_at: p.changed_at,
    })
    .returningAll(),
);

/**
 * An order row as checkout places it: every column given, the ones a new order leaves to the
 * schema's defaults (payments, deposit, review token, cancellation date, tax exemption) left out.
 */
export type PlacedOrderRow = Required<
  Omit<
    NewOrder,
    | "id"
    | "paid_cents"
    | "deposit_cents"
    | "review_token_hash"
    | "cancel_until"
    | "tax_exempt_type"
    | "tax_exempt_certificate"
    | "tax_exempt_expires"
  >
>;
const PLACED_ORDER_COLUMNS: Record<keyof PlacedOrderRow, true> = {
  reference: true,
  cart_id: true,
  order_number: true,
  status: true,
  first_name: true,
  last_name: true,
  email: true,
  phone: true,
  address: true,
  city: true,
  zip_code: true,
  state: true,
  special_instructions: true,
  visit_window: true,
  subtotal_cents: true,
  discount_cents: true,
  shipping_cents: true,
  tax_cents: true,
  total_cents: true,
  item_count: true,
  text_reminders: true,
  tax_rate_bp: true,
  surtax_rate_bp: true,
  surtaxable_cents: true,
  surtax_cents: true,
  created_at: true,
  updated_at: true,
  language: true,
};
const insertPlacedOrder = fixedQuery((db, p: PlacedOrderRow) =>
  db
    .insertInto("orders")
    .values(markedValues<PlacedOrderRow>(p, PLACED_ORDER_COLUMNS))
    .returningAll(),
);

/** An order item: every column but its id. */
export type NewOrderItemRow = Required<Omit<Insertable<OrderItemsTable>, "id">>;
const ORDER_ITEM_COLUMNS: Record<keyof NewOrderItemRow, true> = {
  order_id: true,
  position: true,
  kind: true,
  product_id: true,
  service_id: true,
  item_type: true,
  name: true,
  width_eighths: true,
  height_eighths: true,
  selected_color: true,
  color_name: true,
  include_installation: true,
  quantity: true,
  unit_price_cents: true,
  installation_cents: true,
  line_total_cents: true,
  room_label: true,
  configuration: true,
  pricing: true,
  measured: true,
};
/** The insert of an order's items, compiled once for each count from 1 to 4. */
const insertItemRows = fixedRowsQuery(ORDER_ITEM_COLUMNS, 4, (db, rows: NewOrderItemRow[]) =>
  db.insertInto("order_items").values(rows).returningAll(),
);

export async function findOrderByCartId(db: Db, cartId: string): Promise<Order | undefined> {
  const [row] = await selectOrderOfCart.rows(db, { cartId });
  return row ? toOrder(row) : undefined;
}

export async function findOrderByReference(db: Db, reference: string): Promise<Order | undefined> {
  const row = await db
    .selectFrom("orders")
    .selectAll()
    .where("reference", "=", reference)
    .executeTakeFirst();
  return row ? toOrder(row) : undefined;
}

/** Items of one or more orders, by order then position. */
export async function listOrderItems(
  db: Db,
  orderIds: readonly number[],
): Promise<OrderItemRecord[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .selectFrom("order_items")
    .selectAll()
    .where("order_id", "in", [...orderIds])
    .orderBy("order_id")
    .orderBy("position")
    .execute();
  return rows.map(toOrderItem);
}

export async function listStatusHistory(db: Db, orderId: number): Promise<OrderHistoryRow[]> {
  const rows = await db
    .selectFrom("order_status_history")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("changed_at")
    .orderBy("id")
    .execute();
  return rows.map(toHistoryRow);
}

function toHistoryRow(row: OrderHistoryRow): OrderHistoryRow {
  return { ...row, id: toNumber(row.id), order_id: toNumber(row.order_id) };
}

export async function listOrderNotes(db: Db, orderId: number): Promise<OrderNoteRow[]> {
  const rows = await db
    .selectFrom("order_notes")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({ ...r, id: toNumber(r.id), order_id: toNumber(r.order_id) }));
}

// ---- Placing an order ----

/**
 * The next order number. The counter row's UPDATE holds its lock (PostgreSQL) or SQLite's
 * write lock until the transaction ends, so concurrent orders never get the same number.
 */
export async function nextOrderNumber(db: Db): Promise<number> {
  return toNumber((await bumpOrderNumber.first(db, {})).value);
}

export async function insertOrder(db: Db, order: NewOrder): Promise<number> {
  const row = await db.insertInto("orders").values(order).returning("id").executeTakeFirstOrThrow();
  return toNumber(row.id);
}

/**
 * Inserts a placed order and answers its row as a read would (RETURNING *: no second query),
 * compiled once.
 */
export async function insertOrderReturningRow(db: Db, order: PlacedOrderRow): Promise<Order> {
  return toOrder(await insertPlacedOrder.first(db, order));
}

/**
 * Inserts the items and answers their rows as listOrderItems would read them (RETURNING *, in
 * position order: RETURNING's own row order is unspecified on SQLite).
 */
export async function insertOrderItems(
  db: Db,
  items: readonly NewOrderItemRow[],
): Promise<OrderItemRecord[]> {
  if (items.length === 0) return [];
  const rows = await insertItemRows(db, items);
  return rows.map(toOrderItem).sort((a, b) => a.order_id - b.order_id || a.position - b.position);
}

export async function insertStatusHistory(
  db: Db,
  entry: {
    orderId: number;
    fromStatus: OrderStatus | null;
    toStatus: OrderStatus;
    note: string | null;
    actor: string;
    /** 'forward' (default) or 'back' (one step back; `note` holds why). */
    kind?: string;
    staffId?: number | null;
    changedAt: string;
  },
): Promise<OrderHistoryRow> {
  const row = await insertHistoryRow.first(db, {
    order_id: entry.orderId,
    from_status: entry.fromStatus,
    to_status: entry.toStatus,
    note: entry.note,
    actor: entry.actor,
    kind: entry.kind ?? "forward",
    staff_id: entry.staffId ?? null,
    changed_at: entry.changedAt,
  });
  return toHistoryRow(row);
}

export { isUniqueViolation } from "../../database";

// ---- The back office: list, search, status, notes ----

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

function whereFilter(eb: ExpressionBuilder<Database, "orders">, filter: OrderFilter) {
  const conditions = [];
  if (filter.status) conditions.push(eb("orders.status", "=", filter.status));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const like = (column: string) =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    const alternatives = [
      like("orders.reference"),
      like("orders.email"),
      like("orders.first_name"),
      like("orders.last_name"),
      sql<boolean>`lower(orders.first_name || ' ' || orders.last_name) like ${pattern} escape '\\'`,
    ];
    const number = /^#?(\d{1,15})$/.exec(filter.q.trim());
    if (number) alternatives.push(sql<boolean>`orders.order_number = ${Number(number[1])}`);
    const digits = filter.q.replace(/\D/g, "");
    if (digits.length >= 3) {
      alternatives.push(
        sql<boolean>`replace(replace(replace(replace(replace(replace(orders.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '') like ${`%${digits}%`}`,
      );
    }
    conditions.push(eb.or(alternatives));
  }
  return eb.and(conditions);
}

export async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll().as("n"))
    .where((eb) => whereFilter(eb, filter))
    .executeTakeFirstOrThrow();
  return toNumber(row.n);
}

/** Newest first; `id` breaks ties between orders placed in the same millisecond. */
const SORT_COLUMNS = new Map<string, "order_number" | "last_name" | "status" | "total_cents">([
  ["number", "order_number"],
  ["customer", "last_name"],
  ["status", "status"],
  ["total", "total_cents"],
]);

export async function listOrders(
  db: Db,
  filter: OrderFilter,
  page: { limit: number; offset: number; sort?: string },
): Promise<Order[]> {
  const desc = page.sort?.startsWith("-") ?? false;
  const column = page.sort?.replace(/^-/, "");
  const direction = desc ? "desc" : "asc";
  let query = db
    .selectFrom("orders")
    .selectAll()
    .where((eb) => whereFilter(eb, filter));
  const sortColumn = column === undefined ? undefined : SORT_COLUMNS.get(column);
  if (sortColumn) query = query.orderBy(sortColumn, direction);
  else if (column === "balance") query = query.orderBy(sql`total_cents - paid_cents`, direction);
  const rows = await query
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(toOrder);
}

/** Moves the order only if it is still in `from`; false when someone else moved it first. */
export async function updateOrderStatus(
  db: Db,
  id: number,
  from: OrderStatus,
  to: OrderStatus,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ status: to, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertOrderNote(
  db: Db,
  orderId: number,
  body: string,
  at: string,
): Promise<number> {
  const row = await db
    .insertInto("order_notes")
    .values({ order_id: orderId, body, created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return toNumber(row.id);
}

// ---- Retention ----

/** Orders created before `before` with the item types of each (candidates for deletion). */
export async function findOrdersCreatedBefore(
  db: Db,
  before: string,
): Promise<{ id: number; createdAt: string; itemTypes: string[] }[]> {
  const rows = await db
    .selectFrom("orders")
    .leftJoin("order_items", "order_items.order_id", "orders.id")
    .select(["orders.id as id", "orders.created_at as created_at", "order_items.item_type"])
    .where("orders.created_at", "<", before)
    .execute();
  const byId = new Map<number, { id: number; createdAt: string; itemTypes: string[] }>();
  for (const row of rows) {
    const id = toNumber(row.id);
    const entry = byId.get(id) ?? { id, createdAt: row.created_at, itemTypes: [] };
    if (row.item_type) entry.itemTypes.push(row.item_type);
    byId.set(id, entry);
  }
  return [...byId.values()];
}

/**
 * Deletes orders; their items, history and notes go with them through the schema's
 * ON DELETE CASCADE (SQLite runs with foreign_keys=ON).
 */
export async function deleteOrders(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom("orders").where("id", "in", ids).executeTakeFirst();
  return toNumber(result.numDeletedRows);
}

// ---- Adjustments after measuring ----

/** An item's new size, quantity and price; the size columns alone hold the size. */
export async function updateOrderItemMeasure(
  db: Db,
  itemId: number,
  change: {
    widthEighths: number;
    heightEighths: number;
    quantity: number;
    unitPriceCents: number;
    installationCents: number;
    lineTotalCents: number;
    /** The configuration column, when the options changed too. */
    configuration?: string;
  },
): Promise<void> {
  await db
    .updateTable("order_items")
    .set({
      ...(change.configuration === undefined ? {} : { configuration: change.configuration }),
      width_eighths: change.widthEighths,
      height_eighths: change.heightEighths,
      quantity: change.quantity,
      unit_price_cents: change.unitPriceCents,
      installation_cents: change.installationCents,
      line_total_cents: change.lineTotalCents,
    })
    .where("id", "=", itemId)
    .execute();
}

export async function updateOrderTotals(
  db: Db,
  orderId: number,
  totals: OrderAmounts & { taxDetail: OrderTaxDetail },
  at: string,
): Promise<void> {
  await db
    .updateTable("orders")
    .set({
      ...orderAmountColumns(totals, totals.taxDetail),
      updated_at: at,
    })
    .where("id", "=", orderId)
    .execute();
}
