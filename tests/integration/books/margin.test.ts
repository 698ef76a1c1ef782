/**
 * On both databases: what each job cost and earned. The supplier's price grid (CSV, strict, line
 * numbers in the refusals, a preview, next size up when the purchase order is made), a line's
 * entered cost, staff hourly cost and commission, the visit's time (on my way, arrived, done),
 * and the margin report to the cent (DECISIONS "Profit per job").
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeToday } from "../../../domain/scheduling/visit-time";
import {
  addWorkingStaff,
  insertTestOrder,
  loginCookie,
  SHUTTER_ITEM,
  supplyBothProducts,
} from "../../support/admin-fixtures";
import { createTestStore, request, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const GRID = [
  "productType,maxWidth,maxHeight,cost",
  "vinyl,36,48,41.50",
  "vinyl,48,48,52.00",
  "vinyl,48,72,61.00",
  "",
].join("\n");

describeEachDialect("job costs and margin on %s", (dialect) => {
  let store: TestStore;
  let owner: string;
  let vinylSupplier: number;
  const call = (method: string, path: string, body?: unknown, cookie = owner) =>
    request(store, method, path, body, { cookie });
  const csv = (path: string, body: string, cookie = owner) =>
    request(store, "POST", path, body, { cookie, "content-type": "text/csv" });
  const db = () => store.services.db;

  beforeAll(async () => {
    store = await createTestStore(dialect);
    owner = await loginCookie(store);
    await supplyBothProducts(store, owner);
    const suppliers = (await call("GET", "/api/admin/suppliers")).body as {
      id: number;
      name: string;
    }[];
    vinylSupplier = suppliers.find((s) => s.name === "Sunshine Vinyl Fabricators")?.id ?? 0;
  });
  afterAll(async () => {
    await store?.close();
  });

  describe("the supplier's price grid", () => {
    it("refuses bad CSV with the line number, JSON with 415, and office staff with 403", async () => {
      const path = `/api/admin/suppliers/${vinylSupplier}/price-grid`;
      const cases: [string, RegExp][] = [
        ["productType,maxWidth,cost\nvinyl,36,1\n", /^Line 1: the header/],
        ["productType,maxWidth,maxHeight,cost\nvinyl,36,48,41.50\nvinyl,36,48\n", /^Line 3:/],
        [
          "productType,maxWidth,maxHeight,cost\nvinyl,36,48,41.50\nvinyl,36.1,48,2\n",
          /^Line 3: maxWidth/,
        ],
        ['productType,maxWidth,maxHeight,cost\nvinyl,36,48,4"1\n', /^Line 2:/],
        [
          "productType,maxWidth,maxHeight,cost\nvinyl,36,48,1\nvinyl,36,48,2\n",
          /^Line 3: the same size as line 2/,
        ],
        ["productType,maxWidth,maxHeight,cost\n", /^Line 2: the grid has no rows/],
      ];
      for (const [body, message] of cases) {
        const res = await csv(path, body);
        expect(res.status, body).toBe(400);
        expect(res.body.error.message).toMatch(message);
      }
      expect((await call("POST", path, { rows: [] })).status).toBe(415);
      const office = await addWorkingStaff(store, owner, "office");
      expect((await csv(path, GRID, office.cookie)).status).toBe(403);
      expect((await csv("/api/admin/suppliers/99999/price-grid", GRID)).status).toBe(404);
    });

    it("previews what changes, then replaces the grid in one import", async () => {
      const path = `/api/admin/suppliers/${vinylSupplier}/price-grid`;
      await csv(path, "productType,maxWidth,maxHeight,cost\nvinyl,36,48,40.00\nvinyl,24,24,10\n");
      const preview = await csv(`${path}?preview=true`, GRID);
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({
        rows: 3,
        added: 2,
        changed: 1,
        removed: 1,
        saved: false,
      });
      expect(preview.body.changes).toContainEqual({
        productType: "vinyl",
        maxWidth: 36,
        maxHeight: 48,
        before: 40,
        after: 41.5,
      });
      const saved = await csv(path, GRID);
      expect(saved.body).toMatchObject({ rows: 3, saved: true });
      const rows = await db()
        .selectFrom("supplier_price_grid")
        .select(["max_width_eighths", "cost_cents"])
        .where("supplier_id", "=", vinylSupplier)
        .orderBy("cost_cents")
        .execute();
      expect(rows.map((r) => Number(r.cost_cents))).toEqual([4_150, 5_200, 6_100]);
    });
  });

  describe("staff costs", () => {
    it("owners set hourlyCost and commissionPercent; bad values are 400; office can't see them", async () => {
      const installer = await addWorkingStaff(store, owner, "installer");
      const ok = await call("PATCH", `/api/admin/staff/${installer.id}`, {
        hourlyCost: 30,
        commissionPercent: 2.5,
      });
      expect(ok.status).toBe(200);
      expect(ok.body).toMatchObject({ hourlyCost: 30, commissionPercent: 2.5 });
      for (const bad of [{ hourlyCost: -1 }, { hourlyCost: 10.001 }, { commissionPercent: 51 }]) {
        const res = await call("PATCH", `/api/admin/staff/${installer.id}`, bad);
        expect(res.status).toBe(400);
        expect(Object.keys(res.body.error.fields)).toEqual(Object.keys(bad));
      }
      const office = await addWorkingStaff(store, owner, "office");
      const list = await call("GET", "/api/admin/staff", undefined, office.cookie);
      expect(list.status).toBe(200);
      expect(list.body[0]).not.toHaveProperty("hourlyCost");
      const mine = await call("GET", "/api/admin/staff");
      expect(mine.body.find((s: { id: number }) => s.id === installer.id)).toMatchObject({
        hourlyCost: 30,
      });
    });
  });

  describe("the done-means case", () => {
    it("two purchase orders (one line from the grid), 2.5 h at $30, 5 %: the margin to the cent", async () => {
      const order = await insertTestOrder(db(), { status: "confirmed", items: [{}, SHUTTER_ITEM] });
      const made = await call("POST", `/api/admin/orders/${order.id}/purchase-orders`);
      expect(made.status).toBe(201);
      const [vinylPo, shutterPo] = made.body.purchaseOrders;
      // 36 3/8" × 48": the 36 × 48 row is too narrow, next size up is 48 × 48 at $52.
      expect(vinylPo.items[0]).toMatchObject({ unitCost: 52, lineCost: 52, costSource: "grid" });
      expect(shutterPo.items[0]).toMatchObject({ unitCost: null, lineCost: null });
      expect(shutterPo.items[0].costNote).toContain("No cost");

      const shutterItem = shutterPo.items[0].itemId;
      const notOnPo = await call("PATCH", `/api/admin/purchase-orders/${shutterPo.id}`, {
        lines: [{ itemId: vinylPo.items[0].itemId, unitCost: 1 }],
      });
      expect(notOnPo.status).toBe(400);
      expect(Object.keys(notOnPo.body.error.fields)).toEqual(["lines.0.itemId"]);
      const badCost = await call("PATCH", `/api/admin/purchase-orders/${shutterPo.id}`, {
        lines: [{ itemId: shutterItem, unitCost: "lots" }],
      });
      expect(badCost.status).toBe(400);
      const entered = await call("PATCH", `/api/admin/purchase-orders/${shutterPo.id}`, {
        lines: [{ itemId: shutterItem, unitCost: 125 }],
      });
      expect(entered.status).toBe(200);
      expect(entered.body.status).toBe("draft");
      expect(entered.body.items[0]).toMatchObject({ unitCost: 125, costSource: "entered" });

      // The installer's visit: on my way, arrived, done each stamp the visit.
      const installer = await addWorkingStaff(store, owner, "installer");
      await call("PATCH", `/api/admin/staff/${installer.id}`, { hourlyCost: 30 });
      const visit = await call("POST", `/api/admin/orders/${order.id}/visits`, {
        kind: "install",
        date: storeToday(),
        start: "08:00",
        end: "10:00",
        staffId: installer.id,
      });
      expect(visit.status).toBe(201);
      const as = (method: string, path: string, body?: unknown) =>
        call(method, path, body, installer.cookie);
      expect(
        (await as("POST", `/api/admin/visits/${visit.body.id}/on-my-way`, { minutes: 15 })).status,
      ).toBe(202);
      const arrived = await as("POST", `/api/admin/visits/${visit.body.id}/arrived`);
      expect(arrived.status).toBe(200);
      expect(Date.parse(arrived.body.arrivedAt)).toBeGreaterThan(0);
      const other = await addWorkingStaff(store, owner, "installer");
      expect(
        (await call("POST", `/api/admin/visits/${visit.body.id}/arrived`, undefined, other.cookie))
          .status,
      ).toBe(404);
      expect(
        (await as("PATCH", `/api/admin/visits/${visit.body.id}`, { status: "done" })).status,
      ).toBe(200);
      const stamped = await db()
        .selectFrom("visits")
        .select(["on_my_way_at", "arrived_at", "done_at"])
        .where("id", "=", visit.body.id)
        .executeTakeFirstOrThrow();
      expect(stamped.on_my_way_at).not.toBeNull();
      expect(stamped.arrived_at).not.toBeNull();
      expect(stamped.done_at).not.toBeNull();
      expect((await as("POST", `/api/admin/visits/${visit.body.id}/arrived`)).status).toBe(409);
      // The stamps came from the clock; the case needs 2.5 hours exactly.
      await db()
        .updateTable("visits")
        .set({ on_my_way_at: "2026-11-10T14:00:00.000Z", done_at: "2026-11-10T16:30:00.000Z" })
        .where("id", "=", visit.body.id)
        .execute();

      // The quote was built by a salesperson on 5 %; the order is paid in full and completed.
      const seller = await addWorkingStaff(store, owner, "office");
      await call("PATCH", `/api/admin/staff/${seller.id}`, { commissionPercent: 5 });
      const at = new Date().toISOString();
      await db()
        .insertInto("quotes")
        .values({
          quote_number: 90_000 + order.id,
          token: randomBytes(16).toString("base64url"),
          status: "accepted",
          deposit_percent: 0,
          valid_until: storeToday(),
          note: null,
          estimate_id: null,
          visit_id: null,
          order_id: null,
          accepted_order_id: order.id,
          staff_id: seller.id,
          sent_at: at,
          viewed_at: at,
          answered_at: at,
          decline_reason: null,
          created_at: at,
          updated_at: at,
          first_name: "Jane",
          last_name: "Doe",
          email: "jane@example.com",
          phone: "(239) 555-0100",
          address: "12 Palm Way",
          city: "Fort Myers",
          zip_code: "33901",
        })
        .execute();
      const row = await db()
        .selectFrom("orders")
        .select(["total_cents", "tax_cents"])
        .where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      const total = Number(row.total_cents);
      expect(total - Number(row.tax_cents)).toBe(42_400);
      const unpaid = (await store.services.margins.forOrder(order.id)).commissionCents;
      expect(unpaid).toBe(0);
      await db()
        .updateTable("orders")
        .set({ status: "completed", paid_cents: total, cancel_until: null })
        .where("id", "=", order.id)
        .execute();
      await db()
        .insertInto("order_status_history")
        .values({
          order_id: order.id,
          from_status: "in_production",
          to_status: "completed",
          note: null,
          actor: "admin",
          changed_at: new Date().toISOString(),
        })
        .execute();

      // revenue 424.00 − product 177.00 (52 + 125) − labor 75.00 − commission 21.20 = 150.80
      const expected = {
        revenue: 424,
        productCost: 177,
        labor: 75,
        commission: 21.2,
        margin: 150.8,
      };
      const today = storeToday();
      const report = await call("GET", `/api/admin/reports/margin?from=${today}&to=${today}`);
      expect(report.status).toBe(200);
      const mine = report.body.orders.find(
        (o: { orderNumber: number }) => o.orderNumber === order.orderNumber,
      );
      expect(mine).toMatchObject({ ...expected, linesWithoutCost: 0 });
      expect(report.body.totals).toEqual(expected);
      expect(report.body.installers).toContainEqual(
        expect.objectContaining({ staffId: installer.id, minutes: 150, labor: 75, visits: 1 }),
      );
      expect(report.body.installers).toContainEqual(
        expect.objectContaining({ staffId: seller.id, commission: 21.2 }),
      );
      expect(report.body.productLines).toEqual([
        { productType: "standard-shutters", revenue: 300, productCost: 125, margin: 175 },
        { productType: "vinyl", revenue: 124, productCost: 52, margin: 72 },
      ]);
      expect(report.body.months).toEqual([{ month: today.slice(0, 7), orders: 1, ...expected }]);
      const page = await store.services.margins.forOrder(order.id);
      expect(page).toMatchObject({ marginCents: 15_080, commissionCents: 2_120 });

      // A remake the store pays adds its line's cost; the supplier's doesn't.
      const remake = await call(
        "POST",
        `/api/admin/orders/${order.id}/items/${shutterItem}/remake`,
        {
          reason: "mis-measure",
          note: "Measured the wrong window",
          paidBy: "store",
        },
      );
      expect(remake.status).toBe(201);
      expect(remake.body.purchaseOrder.items[0]).toMatchObject({ unitCost: 125, remake: true });
      expect((await store.services.margins.forOrder(order.id)).productCostCents).toBe(30_200);
    });

    it("answers 400 for a bad period and 403 to the office", async () => {
      expect(
        (await call("GET", "/api/admin/reports/margin?from=2026-13-01&to=2026-12-01")).status,
      ).toBe(400);
      const office = await addWorkingStaff(store, owner, "office");
      expect(
        (
          await call(
            "GET",
            "/api/admin/reports/margin?from=2026-11-01&to=2026-11-30",
            undefined,
            office.cookie,
          )
        ).status,
      ).toBe(403);
    });
  });
});
