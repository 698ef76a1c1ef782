/**
 * On both databases: the back office's cost pages and the done-means case through them. The
 * supplier's grid is previewed then saved on /admin/suppliers/:id, a shutter line's cost entered
 * on its purchase order's page, the installer's hourly cost and the seller's commission on
 * /admin/staff; the order (two purchase orders, one line priced from the grid, 2.5 hours, 5 %)
 * then shows the same margin to the cent on its page, in /admin/reports and in the API.
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
import { createPageTestStore, type PageTestStore } from "../../support/page-app";
import { request } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const GRID = [
  "productType,maxWidth,maxHeight,cost",
  "vinyl,36,48,41.50",
  "vinyl,48,48,52.00",
  "vinyl,48,72,61.00",
  "",
].join("\n");

function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}

/** "$1,150.80" → 115080. */
function centsOf(money: string | undefined): number {
  if (money === undefined) throw new Error("no amount found on the page");
  return Math.round(Number(money.replace(/[$,]/g, "")) * 100);
}

describeEachDialect("cost pages and the margin to the cent on %s", (dialect) => {
  let store: PageTestStore;
  let owner: string;
  let vinylSupplier = 0;
  const call = (method: string, path: string, body?: unknown, cookie = owner) =>
    request(store, method, path, body, { cookie });
  const page = async (path: string, cookie = owner) => {
    const res = await store.app.request(path, { headers: { cookie } });
    return { status: res.status, html: textOf(await res.text()) };
  };
  const post = async (path: string, fields: [string, string][], cookie = owner) => {
    const res = await store.app.request(path, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: res.status, html: textOf(await res.text()) };
  };
  const db = () => store.services.db;

  beforeAll(async () => {
    store = await createPageTestStore(dialect);
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

  const gridRows = async () =>
    (
      await db()
        .selectFrom("supplier_price_grid")
        .select("cost_cents")
        .where("supplier_id", "=", vinylSupplier)
        .execute()
    ).length;

  describe("/admin/suppliers/:id", () => {
    it("previews the grid without saving, refuses a bad line with its number, then saves it", async () => {
      const path = `/admin/suppliers/${vinylSupplier}`;
      const empty = await page(path);
      expect(empty.status).toBe(200);
      expect(empty.html).toContain("No grid yet");
      const bad = await post(path, [
        ["intent", "preview"],
        ["csv", "productType,maxWidth,maxHeight,cost\nvinyl,36,48,41.50\nvinyl,36.1,48,2\n"],
      ]);
      expect(bad.status).toBe(400);
      expect(bad.html).toContain("Line 3: maxWidth");
      const blank = await post(path, [
        ["intent", "preview"],
        ["csv", " "],
      ]);
      expect(blank.status).toBe(400);
      expect(blank.html).toContain("paste its text first");

      const preview = await post(path, [
        ["intent", "preview"],
        ["csv", GRID],
      ]);
      expect(preview.status).toBe(200);
      expect(preview.html).toContain("Preview: nothing saved yet");
      expect(preview.html).toContain("3 rows: 3 added, 0 changed, 0 removed");
      expect(preview.html).toContain("Save this grid (3 rows)");
      expect(await gridRows()).toBe(0);
      const saved = await post(path, [
        ["intent", "save"],
        ["csv", GRID],
      ]);
      expect(saved.status).toBe(200);
      expect(saved.html).toContain("3 rows: 3 added");
      expect(await gridRows()).toBe(3);
      const changed = await post(path, [
        ["intent", "preview"],
        ["csv", GRID.replace("52.00", "54.00")],
      ]);
      expect(changed.html).toContain("3 rows: 0 added, 1 changed, 0 removed");
      expect(changed.html).toMatch(/Changed.*vinyl.*up to 48" × 48".*\$52\.00.*\$54\.00/s);
      expect((await page(path)).html).toContain("3 rows, from $41.50 to $61.00 a piece");
      const office = await addWorkingStaff(store, owner, "office");
      expect((await page(path, office.cookie)).status).toBe(403);
      expect((await page("/admin/suppliers/999999")).status).toBe(404);
    });
  });

  it("the done-means order: the same margin on its page, in /admin/reports and in the API", async () => {
    const grid = await post(`/admin/suppliers/${vinylSupplier}`, [
      ["intent", "save"],
      ["csv", GRID],
    ]);
    expect(grid.html).toContain("Saved");
    const order = await insertTestOrder(db(), { status: "confirmed", items: [{}, SHUTTER_ITEM] });
    const made = await call("POST", `/api/admin/orders/${order.id}/purchase-orders`);
    expect(made.status).toBe(201);
    const [vinylPo, shutterPo] = made.body.purchaseOrders;
    expect(vinylPo.items[0]).toMatchObject({ unitCost: 52, costSource: "grid" });

    // The purchase order page: the grid's cost shown, the shutter's entered.
    const poPath = `/admin/purchase-orders/${shutterPo.id}`;
    const shutterItem = String(shutterPo.items[0].itemId);
    const before = await page(`/admin/purchase-orders/${vinylPo.id}`);
    expect(before.html).toContain("$52.00 a piece (from the supplier's price grid)");
    expect((await page(poPath)).html).toContain("No cost: none entered");
    const refused = await post(poPath, [
      ["intent", "costs"],
      ["itemId", shutterItem],
      [`unitCost-${shutterItem}`, "lots"],
    ]);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Unit cost must be a number of dollars");
    const entered = await post(poPath, [
      ["intent", "costs"],
      ["itemId", shutterItem],
      [`unitCost-${shutterItem}`, "$125"],
    ]);
    expect(entered.status).toBe(200);
    expect(entered.html).toContain("costs saved ($125.00)");

    // The staff page: the installer's hour and the seller's commission.
    const installer = await addWorkingStaff(store, owner, "installer");
    const seller = await addWorkingStaff(store, owner, "office");
    const costs = (id: number, hourly: string, percent: string) =>
      post("/admin/staff", [
        ["intent", "costs"],
        ["staffId", String(id)],
        ["hourlyCost", hourly],
        ["commissionPercent", percent],
      ]);
    const tooMuch = await costs(seller.id, "20", "75");
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.html).toContain("Commission must be a percent from 0 to 50");
    expect((await costs(installer.id, "30", "0")).html).toContain("$30.00 an hour, 0 % commission");
    expect((await costs(seller.id, "", "5")).html).toContain("5 % commission");

    // 2.5 hours on the installation visit; the seller's quote; paid in full, completed.
    const visit = await call("POST", `/api/admin/orders/${order.id}/visits`, {
      kind: "install",
      date: storeToday(),
      start: "08:00",
      end: "10:00",
      staffId: installer.id,
    });
    expect(visit.status).toBe(201);
    const done = await call(
      "PATCH",
      `/api/admin/visits/${visit.body.id}`,
      { status: "done" },
      installer.cookie,
    );
    expect(done.status).toBe(200);
    await db()
      .updateTable("visits")
      .set({ on_my_way_at: "2026-11-10T14:00:00.000Z", done_at: "2026-11-10T16:30:00.000Z" })
      .where("id", "=", visit.body.id)
      .execute();
    const at = new Date().toISOString();
    await db()
      .insertInto("quotes")
      .values({
        quote_number: 80_000 + order.id,
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
      .select("total_cents")
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable("orders")
      .set({ status: "completed", paid_cents: Number(row.total_cents), cancel_until: null })
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
        changed_at: at,
      })
      .execute();

    // revenue 424.00 − product 177.00 (52 grid + 125 entered) − labor 75.00 (2.5 h × $30)
    // − commission 21.20 (5 %) = 150.80
    const today = storeToday();
    const api = await call("GET", `/api/admin/reports/margin?from=${today}&to=${today}`);
    const mine = api.body.orders.find(
      (o: { orderNumber: number }) => o.orderNumber === order.orderNumber,
    );
    expect(mine).toMatchObject({
      revenue: 424,
      productCost: 177,
      labor: 75,
      commission: 21.2,
      margin: 150.8,
    });
    const apiCents = Math.round(mine.margin * 100);

    const orderPage = await page(`/admin/orders/${order.id}`);
    const onPage = /<h2[^>]*>Margin<\/h2>.*?>Margin<\/th><td[^>]*>(\$[\d,.]+)</s.exec(
      orderPage.html,
    );
    const reports = await page(`/admin/reports?from=${today}&to=${today}`);
    const cells = new RegExp(`>#${order.orderNumber}</a></th>((?:<td[^>]*>[^<]*</td>){5})`).exec(
      reports.html,
    );
    const figures = [...(cells?.[1] ?? "").matchAll(/>(\$[\d,.]+|-\$[\d,.]+)</g)].map((m) =>
      centsOf(m[1]),
    );
    expect(apiCents).toBe(15_080);
    expect(centsOf(onPage?.[1])).toBe(apiCents);
    expect(figures).toEqual([42_400, 17_700, 7_500, 2_120, apiCents]);
  });
});
