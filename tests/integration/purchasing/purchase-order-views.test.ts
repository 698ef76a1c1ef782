/**
 * The purchase orders' views read their orders' items in one statement, not a
 * whole order read (admin.getOrder) per order. The views are the same as the old path's: a
 * second purchase-order service whose items come from getOrder, one order at a time (the code
 * this replaced), answers byte-equal JSON for every filter, each purchase order and the
 * dashboard's overdue list, over several orders with received lines, a remake, a cancelled
 * order and a line whose item is not one of the listed orders' (the "Item" fallback). The
 * statement count of a list does not grow with the number of orders in it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { PURCHASE_ORDER_FILTERS } from "../../../domain/purchasing/purchasing";
import { addDays, storeToday } from "../../../domain/scheduling/visit-time";
import { insertPurchaseOrderLine } from "../../../server/db/repositories/purchasing/purchase-orders";
import type { AdminOrderItem } from "../../../server/services/orders/admin-orders";
import { createPurchaseOrderService } from "../../../server/services/purchasing/purchase-orders";
import {
  insertTestOrder,
  loginCookie,
  SHUTTER_ITEM,
  supplyBothProducts,
} from "../../support/admin-fixtures";
import { useStatementSpy } from "../../support/statement-spy";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const ORDERS = 6;

describeEachDialect("purchase order views on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  const orderIds: number[] = [];
  const spy = useStatementSpy();
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await request(store, method, path, body, { cookie: owner });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res;
  };
  /** The path this change replaced: a whole order read per order, for its items. */
  const oldPath = () =>
    createPurchaseOrderService(store.services, {
      async orderItems(ids: readonly number[]) {
        const items: AdminOrderItem[] = [];
        for (const id of ids) items.push(...(await store.services.admin.getOrder(id)).items);
        return items;
      },
    });

  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
    const db = store.services.db;
    await supplyBothProducts(store, owner);
    for (let n = 0; n < ORDERS; n++) {
      const order = await insertTestOrder(db, {
        status: "confirmed",
        items: [
          { roomLabel: `Room ${n}`, quantity: 1 + (n % 3) },
          { ...SHUTTER_ITEM, roomLabel: n % 2 ? null : "Den" },
          // A service: never on a purchase order.
          { productId: null, name: "Installation visit", itemType: "installation" },
        ],
      });
      orderIds.push(order.id);
      await call("POST", `/api/admin/orders/${order.id}/purchase-orders`);
    }
    const [first, second, third] = orderIds;
    const items = async (id = 0) => (await store.services.admin.getOrder(id)).items;
    const pos = (await call("GET", "/api/admin/purchase-orders?status=all")).body as {
      id: number;
      orderId: number;
      items: { itemId: number }[];
    }[];
    const poOf = (orderId = 0) => pos.find((p) => p.orderId === orderId) ?? { id: 0, items: [] };
    // Received in part and in full; confirmed, then overdue.
    const received = poOf(first);
    await call("POST", `/api/admin/purchase-orders/${received.id}/receive`, {
      items: [{ itemId: received.items[0]?.itemId, quantity: 1 }],
    });
    await call("PATCH", `/api/admin/purchase-orders/${poOf(second).id}`, {
      supplierReference: "SUP-77",
    });
    await db
      .updateTable("purchase_orders")
      .set({ expected_ship_date: addDays(storeToday(), -3) })
      .where("id", "=", poOf(second).id)
      .execute();
    // A remake: the same item on a new purchase order.
    const remade = (await items(third))[1]?.id ?? 0;
    await call("POST", `/api/admin/orders/${third}/items/${remade}/remake`, {
      reason: "damaged",
      note: "Cracked louver",
      paidBy: "supplier",
    });
    // A cancelled order keeps its purchase orders.
    await db
      .updateTable("orders")
      .set({ status: "cancelled" })
      .where("id", "=", orderIds[3] ?? 0)
      .execute();
    // A line whose item is none of the listed orders' items: an order without purchase orders.
    const stray = await insertTestOrder(db, { status: "confirmed", items: [{ name: "Stray" }] });
    await insertPurchaseOrderLine(db, {
      purchaseOrderId: poOf(orderIds[4]).id,
      orderItemId: (await items(stray.id))[0]?.id ?? 0,
      quantity: 1,
      isRemake: false,
      at: new Date().toISOString(),
    });
  }, 120_000);
  afterAll(async () => {
    await store?.close();
  });

  it("answers the same views as a whole order read per order", async () => {
    const old = oldPath();
    const service = store.services.purchaseOrders;
    const all = await service.listPurchaseOrders({ status: "all" });
    // The cases are there: every order, a received line, a remake, the "Item" fallback.
    expect(new Set(all.map((p) => p.orderId))).toEqual(new Set(orderIds));
    expect(all).toHaveLength(2 * ORDERS + 1);
    const lines = all.flatMap((p) => p.items);
    expect(lines.some((l) => l.receivedQuantity > 0)).toBe(true);
    expect(lines.some((l) => l.remake)).toBe(true);
    expect(lines.filter((l) => l.productName === "Item")).toHaveLength(1);
    expect(lines.some((l) => l.roomLabel === null)).toBe(true);
    expect(all.some((p) => p.overdue)).toBe(true);

    for (const status of PURCHASE_ORDER_FILTERS) {
      expect(JSON.stringify(await service.listPurchaseOrders({ status })), status).toBe(
        JSON.stringify(await old.listPurchaseOrders({ status })),
      );
    }
    for (const orderId of orderIds) {
      expect(JSON.stringify(await service.listPurchaseOrders({ orderId, status: "all" }))).toBe(
        JSON.stringify(await old.listPurchaseOrders({ orderId, status: "all" })),
      );
    }
    for (const po of all) {
      expect(JSON.stringify(await service.getPurchaseOrder(po.id))).toBe(
        JSON.stringify(await old.getPurchaseOrder(po.id)),
      );
    }
    expect(JSON.stringify(await service.dashboardLists())).toBe(
      JSON.stringify(await old.dashboardLists()),
    );
  });

  it("reads a list in three statements, however many orders it spans", async () => {
    const service = store.services.purchaseOrders;
    await service.listPurchaseOrders({ status: "all" }); // the catalog's names, cached
    const one = await spy.record(() =>
      service.listPurchaseOrders({ orderId: orderIds[0], status: "all" }),
    );
    const many = await spy.record(() => service.listPurchaseOrders({ status: "all" }));
    expect(new Set(many.answer.map((p) => p.orderId)).size).toBe(ORDERS);
    // The purchase orders, their lines, the orders' items.
    expect(one.statements, one.statements.join("\n")).toHaveLength(3);
    expect(many.statements, many.statements.join("\n")).toHaveLength(3);
    const single = await spy.record(() => service.getPurchaseOrder(many.answer[0]?.id ?? 0));
    expect(single.statements, single.statements.join("\n")).toHaveLength(3);
  });
});
