/**
 * What the margin report reads (migration 0025), for the orders completed in a period
 * [from, to) of UTC instants, counted as the books count them: completed today, for the last
 * time inside the period. Each statement narrows to those orders by the same subquery, so the
 * report costs five statements whatever the number of orders. PostgreSQL answers bigints and
 * sums as strings: every number goes through toNumber.
 */
import { sql } from "kysely";
import type { RemakePayer } from "../../../../domain/purchasing/purchasing";
import { type Db, toNumber } from "../../database";
import type { Instants } from "./reports";

/** The ids of the orders completed in the period. */
function completedIds(db: Db, p: Instants) {
  return db
    .selectFrom("orders as o")
    .innerJoin("order_status_history as h", "h.order_id", "o.id")
    .select("o.id")
    .where("o.status", "=", "completed")
    .where("h.to_status", "=", "completed")
    .where("h.changed_at", ">=", p.from)
    .where("h.changed_at", "<", p.to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("order_status_history as later")
            .select("later.id")
            .whereRef("later.order_id", "=", "o.id")
            .where("later.to_status", "=", "completed")
            .where("later.changed_at", ">=", p.to),
        ),
      ),
    );
}

export interface MarginOrderRow {
  id: number;
  orderNumber: number;
  totalCents: number;
  taxCents: number;
  paidCents: number;
  cancelUntil: string | null;
  /** The last completion (ISO instant). */
  completedAt: string;
}

export async function listCompletedOrders(db: Db, p: Instants): Promise<MarginOrderRow[]> {
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("order_status_history as h", "h.order_id", "o.id")
    .select([
      "o.id",
      "o.order_number",
      "o.total_cents",
      "o.tax_cents",
      "o.paid_cents",
      "o.cancel_until",
      sql<string>`max(h.changed_at)`.as("completed_at"),
    ])
    .where("o.id", "in", completedIds(db, p))
    .where("h.to_status", "=", "completed")
    .groupBy([
      "o.id",
      "o.order_number",
      "o.total_cents",
      "o.tax_cents",
      "o.paid_cents",
      "o.cancel_until",
    ])
    .orderBy("o.order_number")
    .execute();
  return rows.map((r) => ({
    id: toNumber(r.id),
    orderNumber: toNumber(r.order_number),
    totalCents: toNumber(r.total_cents),
    taxCents: toNumber(r.tax_cents),
    paidCents: toNumber(r.paid_cents),
    cancelUntil: r.cancel_until,
    completedAt: r.completed_at,
  }));
}

export interface MarginLineRow {
  orderId: number;
  itemType: string;
  quantity: number;
  unitCostCents: number | null;
  isRemake: boolean;
  remakePaidBy: RemakePayer | null;
}

/** The purchase-order lines of the orders (remakes with who pays them). */
export async function listCostLines(db: Db, p: Instants): Promise<MarginLineRow[]> {
  return listCostLinesWhere(db, (q) => q.where("po.order_id", "in", completedIds(db, p)));
}

/** The same for one order (its admin page). */
export async function listCostLinesOfOrder(db: Db, orderId: number): Promise<MarginLineRow[]> {
  return listCostLinesWhere(db, (q) => q.where("po.order_id", "=", orderId));
}

function linesQuery(db: Db) {
  return db
    .selectFrom("purchase_order_lines as l")
    .innerJoin("purchase_orders as po", "po.id", "l.purchase_order_id")
    .innerJoin("order_items as i", "i.id", "l.order_item_id")
    .leftJoin("remakes as r", "r.purchase_order_line_id", "l.id")
    .select([
      "po.order_id",
      "i.item_type",
      "l.quantity",
      "l.unit_cost_cents",
      "l.is_remake",
      "r.paid_by",
    ]);
}

async function listCostLinesWhere(
  db: Db,
  narrow: (q: ReturnType<typeof linesQuery>) => ReturnType<typeof linesQuery>,
): Promise<MarginLineRow[]> {
  const rows = await narrow(linesQuery(db)).orderBy("l.id").execute();
  return rows.map((r) => ({
    orderId: toNumber(r.order_id),
    itemType: r.item_type,
    quantity: toNumber(r.quantity),
    unitCostCents: r.unit_cost_cents === null ? null : toNumber(r.unit_cost_cents),
    isRemake: toNumber(r.is_remake) === 1,
    remakePaidBy: r.paid_by,
  }));
}

export interface MarginVisitRow {
  orderId: number;
  staffId: number | null;
  staffName: string | null;
  hourlyCostCents: number;
  onMyWayAt: string | null;
  arrivedAt: string | null;
  doneAt: string | null;
}

function visitsQuery(db: Db) {
  return db
    .selectFrom("visits as v")
    .leftJoin("staff as s", "s.id", "v.staff_id")
    .select([
      "v.order_id",
      "v.staff_id",
      "s.name",
      "s.hourly_cost_cents",
      "v.on_my_way_at",
      "v.arrived_at",
      "v.done_at",
    ])
    .where("v.status", "=", "done");
}

function toVisitRows(rows: Awaited<ReturnType<ReturnType<typeof visitsQuery>["execute"]>>) {
  return rows.map(
    (r): MarginVisitRow => ({
      orderId: toNumber(r.order_id ?? 0),
      staffId: r.staff_id === null ? null : toNumber(r.staff_id),
      staffName: r.name,
      hourlyCostCents: r.hourly_cost_cents === null ? 0 : toNumber(r.hourly_cost_cents),
      onMyWayAt: r.on_my_way_at,
      arrivedAt: r.arrived_at,
      doneAt: r.done_at,
    }),
  );
}

/** The done visits (measurement and installation) of the orders, with the installer's cost. */
export async function listDoneVisits(db: Db, p: Instants): Promise<MarginVisitRow[]> {
  return toVisitRows(
    await visitsQuery(db).where("v.order_id", "in", completedIds(db, p)).orderBy("v.id").execute(),
  );
}

export async function listDoneVisitsOfOrder(db: Db, orderId: number): Promise<MarginVisitRow[]> {
  return toVisitRows(
    await visitsQuery(db).where("v.order_id", "=", orderId).orderBy("v.id").execute(),
  );
}

export interface QuoteBuilderRow {
  orderId: number;
  staffId: number;
  staffName: string;
  commissionBasisPoints: number;
}

function buildersQuery(db: Db) {
  return db
    .selectFrom("quotes as q")
    .innerJoin("staff as s", "s.id", "q.staff_id")
    .select(["q.accepted_order_id", "q.staff_id", "s.name", "s.commission_basis_points"])
    .where("q.accepted_order_id", "is not", null)
    .orderBy("q.id");
}

function toBuilders(rows: Awaited<ReturnType<ReturnType<typeof buildersQuery>["execute"]>>) {
  // One builder per order: the last accepted quote's.
  const byOrder = new Map<number, QuoteBuilderRow>();
  for (const r of rows) {
    const orderId = toNumber(r.accepted_order_id ?? 0);
    byOrder.set(orderId, {
      orderId,
      staffId: toNumber(r.staff_id ?? 0),
      staffName: r.name,
      commissionBasisPoints: toNumber(r.commission_basis_points),
    });
  }
  return byOrder;
}

/** Who built each order's accepted quote, and his commission (basis points). */
export async function listQuoteBuilders(
  db: Db,
  p: Instants,
): Promise<Map<number, QuoteBuilderRow>> {
  return toBuilders(
    await buildersQuery(db).where("q.accepted_order_id", "in", completedIds(db, p)).execute(),
  );
}

export async function findQuoteBuilderOfOrder(
  db: Db,
  orderId: number,
): Promise<QuoteBuilderRow | undefined> {
  return toBuilders(
    await buildersQuery(db).where("q.accepted_order_id", "=", orderId).execute(),
  ).get(orderId);
}

export interface MarginItemRow {
  orderId: number;
  itemType: string;
  /** The item's line total, installation included (before the order's discount). */
  valueCents: number;
}

/** What each order's items sold for, by product line. */
export async function listItemValues(db: Db, p: Instants): Promise<MarginItemRow[]> {
  const rows = await db
    .selectFrom("order_items as i")
    .select(["i.order_id", "i.item_type", "i.line_total_cents as value"])
    .where("i.order_id", "in", completedIds(db, p))
    .orderBy("i.id")
    .execute();
  return rows.map((r) => ({
    orderId: toNumber(r.order_id),
    itemType: r.item_type,
    valueCents: toNumber(r.value),
  }));
}
