/**
 * The dashboard's "ready to install" list reads all its orders at once: the
 * orders with their numbers, all their items, all their lines and the ready ones' booked
 * installations, not isReadyToInstall, findOrderById and countVisits per order. The answer is
 * the old path's (that loop, kept here) as exact JSON over orders received in full, in part
 * (a line short, a purchase order not received), with a remake open or received, with made
 * items not ordered, with services only, with an install visit booked, cancelled or done, a
 * measure visit, and received orders in statuses the list leaves out. (Purchase orders and
 * lines have no cancelled state: an order's cancellation is the status case.) The statements of
 * dashboardLists() stay the same as the orders grow.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OrderStatus } from "../../../domain/orders/order-status";
import { addDays, storeToday, type VisitStatus } from "../../../domain/scheduling/visit-time";
import { findOrderById } from "../../../server/db/repositories/orders/orders";
import {
  findOrdersWithLines,
  insertPurchaseOrder,
} from "../../../server/db/repositories/purchasing/purchase-orders";
import { countVisits, insertVisit } from "../../../server/db/repositories/scheduling/visits";
import { isReadyToInstall } from "../../../server/services/purchasing/readiness";
import {
  insertTestOrder,
  loginCookie,
  SHUTTER_ITEM,
  supplyBothProducts,
} from "../../support/admin-fixtures";
import { useStatementSpy } from "../../support/statement-spy";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

/** How an order of the set is left. */
interface Case {
  received: "all" | "none" | "one purchase order" | "a line short";
  remake?: "open" | "received";
  visit?: { kind: "install" | "measure"; status: VisitStatus };
  status?: OrderStatus;
  /** A made item left off the purchase orders (its line removed). */
  unordered?: boolean;
}

const CASES: Case[] = [
  { received: "all" },
  { received: "all", visit: { kind: "install", status: "scheduled" } },
  { received: "all", visit: { kind: "install", status: "cancelled" } },
  { received: "all", visit: { kind: "install", status: "done" } },
  { received: "all", visit: { kind: "measure", status: "scheduled" } },
  { received: "none", visit: { kind: "install", status: "scheduled" } },
  { received: "one purchase order" },
  { received: "a line short" },
  { received: "all", remake: "open" },
  { received: "all", remake: "received", visit: { kind: "install", status: "scheduled" } },
  { received: "all", unordered: true },
  { received: "all", status: "scheduled" },
  { received: "all", status: "confirmed" },
  { received: "all", status: "completed" },
  { received: "all", status: "cancelled" },
];

describeEachDialect("the dashboard's ready-to-install list on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  const spy = useStatementSpy();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await request(store, method, path, body, { cookie: owner });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res;
  };

  /** The path this change replaced (dashboardLists before decision 437), one order at a time. */
  async function oldReadyToInstall() {
    const db = store.services.db;
    const ready: { orderId: number; orderNumber: number; installBooked: boolean }[] = [];
    for (const { id: orderId } of await findOrdersWithLines(db, ["in_production", "scheduled"])) {
      if (!(await isReadyToInstall(db, orderId))) continue;
      const order = await findOrderById(db, orderId);
      if (!order) continue;
      const booked = await countVisits(db, { orderId, kind: "install", statuses: ["scheduled"] });
      ready.push({ orderId, orderNumber: order.order_number, installBooked: booked > 0 });
    }
    return ready;
  }

  async function addOrder(c: Case, n: number): Promise<number> {
    const db = store.services.db;
    const order = await insertTestOrder(db, {
      status: "confirmed",
      items: [
        { roomLabel: `Room ${n}`, quantity: 1 + (n % 3) },
        { ...SHUTTER_ITEM, quantity: 2 },
        { productId: null, name: "Installation visit", itemType: "installation" },
      ],
    });
    await call("POST", `/api/admin/orders/${order.id}/purchase-orders`);
    const lines = () =>
      db
        .selectFrom("purchase_order_lines")
        .innerJoin(
          "purchase_orders",
          "purchase_orders.id",
          "purchase_order_lines.purchase_order_id",
        )
        .select(["purchase_order_lines.id", "purchase_order_lines.quantity", "purchase_order_id"])
        .where("purchase_orders.order_id", "=", order.id)
        .orderBy("purchase_order_lines.id")
        .execute();
    const receive = async (id: number, quantity: number) => {
      await db
        .updateTable("purchase_order_lines")
        .set({ received_quantity: quantity })
        .where("id", "=", id)
        .execute();
    };
    const own = await lines();
    expect(own.length).toBe(2);
    for (const [k, line] of own.entries()) {
      const full = Number(line.quantity);
      if (c.received === "all") await receive(line.id, full);
      if (c.received === "one purchase order" && k === 0) await receive(line.id, full);
      if (c.received === "a line short") await receive(line.id, k === 1 ? full - 1 : full);
    }
    if (c.unordered) {
      await db
        .deleteFrom("purchase_order_lines")
        .where("id", "=", own[1]?.id ?? 0)
        .execute();
    }
    if (c.remake) {
      const item = (await store.services.admin.getOrder(order.id)).items[1]?.id ?? 0;
      await call("POST", `/api/admin/orders/${order.id}/items/${item}/remake`, {
        reason: "damaged",
        note: "Cracked louver",
        paidBy: "supplier",
      });
      const remade = (await lines()).at(-1);
      expect(remade?.id).not.toBe(own.at(-1)?.id);
      if (c.remake === "received") await receive(remade?.id ?? 0, Number(remade?.quantity));
    }
    if (c.visit) {
      const id = await insertVisit(db, {
        orderId: order.id,
        kind: c.visit.kind,
        date: addDays(storeToday(), 10 + n),
        start: "09:00",
        end: "11:00",
        staffId: null,
        uid: `dash-${dialect}-${n}@test`,
        at: new Date().toISOString(),
        language: "en",
      });
      await db.updateTable("visits").set({ status: c.visit.status }).where("id", "=", id).execute();
    }
    if (c.status) {
      await db.updateTable("orders").set({ status: c.status }).where("id", "=", order.id).execute();
    }
    return order.id;
  }

  /** An order of services only, with a purchase order but nothing made on it. */
  async function addServicesOnly(n: number) {
    const db = store.services.db;
    const order = await insertTestOrder(db, {
      status: "in_production",
      items: [{ productId: null, name: "Track replacement", itemType: "installation" }],
    });
    const at = new Date().toISOString();
    const supplier = await db.selectFrom("suppliers").select("id").executeTakeFirstOrThrow();
    await insertPurchaseOrder(db, {
      po_number: 90_000 + n,
      order_id: order.id,
      supplier_id: supplier.id,
      status: "received",
      supplier_reference: null,
      expected_ship_date: storeToday(),
      sent_at: null,
      created_at: at,
      updated_at: at,
    });
    return order.id;
  }

  let added = 0;
  async function addSet() {
    const ids: number[] = [];
    for (const c of CASES) ids.push(await addOrder(c, added++));
    ids.push(await addServicesOnly(added++));
    return ids;
  }

  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
    await supplyBothProducts(store, owner);
    await addSet();
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  it("answers the old path's list, exactly", async () => {
    const answer = await store.services.purchaseOrders.dashboardLists();
    const old = await oldReadyToInstall();
    expect(JSON.stringify(answer.readyToInstall)).toBe(JSON.stringify(old));
    // The cases are there: ready with and without a booked installation, and left out.
    const ready = answer.readyToInstall;
    expect(ready.filter((r) => r.installBooked)).toHaveLength(2);
    expect(ready.filter((r) => !r.installBooked)).toHaveLength(5);
    const listed = await findOrdersWithLines(store.services.db, ["in_production", "scheduled"]);
    expect(listed.length).toBeGreaterThan(ready.length + 5);
  });

  it("runs the same statements however many orders are listed", async () => {
    const service = store.services.purchaseOrders;
    await service.dashboardLists(); // the catalog's names, cached
    const before = await spy.record(() => service.dashboardLists());
    await addSet();
    const after = await spy.record(() => service.dashboardLists());
    expect(after.answer.readyToInstall.length).toBe(2 * before.answer.readyToInstall.length);
    expect(JSON.stringify(after.answer.readyToInstall)).toBe(
      JSON.stringify(await oldReadyToInstall()),
    );
    // The orders with their numbers, their items, their lines, the booked installations; the
    // open purchase orders, their lines, their orders' items.
    expect(before.statements, before.statements.join("\n")).toHaveLength(7);
    expect(after.statements, after.statements.join("\n")).toHaveLength(7);
  });
});
