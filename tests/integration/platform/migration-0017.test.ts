/**
 * Migration 0017: cart, quote and order items written with the old shape (the
 * size in the size columns and again in the configuration) come out with one size, in the
 * columns, and show the same size everywhere; where the copies disagree the last adjustment's
 * size wins, else the columns' (the one every page showed), and the history says so.
 */
import { expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "../../../server/db/migrate";
import { loginCookie } from "../../support/admin-fixtures";
import { TRACK_ITEM, VINYL_INSTALLED, ZEBRA_MOTORIZED } from "../../support/sample-items";
import { sampleCustomer } from "../../support/shopper";
import { createTestStore, request } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

const SIZE_KEYS = ["width", "height", "widthFraction", "heightFraction"];
const TABLES = ["cart_items", "quote_items", "order_items"] as const;

describeEachDialect("migration 0017 on %s", (dialect) => {
  it("moves every item's size to the size columns without losing one", async () => {
    const store = await createTestStore(dialect, { TRUST_PROXY: "true" });
    try {
      const db = store.services.db;
      const shopper = { "x-forwarded-for": "192.0.2.17" };
      const first = await request(store, "POST", "/api/cart", VINYL_INSTALLED, shopper);
      const session = { ...shopper, "x-session-id": String(first.body.sessionId) };
      await request(store, "POST", "/api/cart", ZEBRA_MOTORIZED, session);
      const cart = await request(store, "POST", "/api/cart", TRACK_ITEM, session);
      expect(cart.status).toBe(201);
      const placed = await request(
        store,
        "POST",
        "/api/orders",
        { customerInfo: sampleCustomer(17, "sizes"), totals: cart.body.totals },
        session,
      );
      expect(placed.status).toBe(201);
      const openCart = await request(store, "POST", "/api/cart", ZEBRA_MOTORIZED, {
        "x-forwarded-for": "192.0.2.18",
      });
      const cookie = await loginCookie(store, { "x-forwarded-for": "192.0.2.19" });
      const admin = (method: string, path: string, body?: unknown) =>
        request(store, method, path, body, { cookie, "x-forwarded-for": "192.0.2.19" });
      const quote = await admin("POST", "/api/admin/quotes", {
        customer: { ...sampleCustomer(18, "sizes"), zipCode: "33901" },
        items: [{ ...VINYL_INSTALLED, width: 52.625, roomLabel: "Den" }],
      });
      expect(quote.status).toBe(201);
      const order = await db
        .selectFrom("orders")
        .select("id")
        .where("reference", "=", String(placed.body.orderReference ?? placed.body.reference))
        .executeTakeFirstOrThrow();
      const orderId = Number(order.id);
      const itemIds = (
        await db
          .selectFrom("order_items")
          .select("id")
          .where("order_id", "=", orderId)
          .orderBy("position")
          .execute()
      ).map((r) => Number(r.id));
      const [vinylId, zebraId, trackId] = itemIds;
      // The adjustment history: the vinyl re-measured at 40 1/4" wide.
      const adjusted = await admin("PATCH", `/api/admin/orders/${orderId}/items/${vinylId}`, {
        width: 40.25,
        reason: "Measured on site",
      });
      expect(adjusted.status).toBe(200);

      // Back to before 0017: every configuration holds the size again, as the old code wrote it.
      await migrateTo(db, "0016-product-photos");
      const old = await db
        .selectFrom("order_items")
        .select(["id", "configuration"])
        .where("id", "=", Number(zebraId))
        .executeTakeFirstOrThrow();
      expect(JSON.parse(String(old.configuration))).toMatchObject({
        width: 36,
        widthFraction: 0.5,
        height: 48,
        heightFraction: 0,
        fabric: "palm",
      });
      // Two copies that disagree: the vinyl's columns still say its size before the adjustment
      // (its configuration says the adjusted one); the zebra's configuration says 36 3/4" while
      // its columns, shown everywhere, say 36 1/2".
      await db
        .updateTable("order_items")
        .set({ width_eighths: 36 * 8 + 3 })
        .where("id", "=", Number(vinylId))
        .execute();
      await db
        .updateTable("order_items")
        .set({
          configuration: JSON.stringify({
            ...JSON.parse(String(old.configuration)),
            widthFraction: 0.75,
          }),
        })
        .where("id", "=", Number(zebraId))
        .execute();

      await migrateToLatest(db);

      for (const table of TABLES) {
        const rows = await db.selectFrom(table).select(["configuration"]).execute();
        expect(rows.length, table).toBeGreaterThan(0);
        for (const row of rows) {
          const keys = Object.keys(JSON.parse(String(row.configuration)));
          expect(
            keys.filter((k) => SIZE_KEYS.includes(k)),
            table,
          ).toEqual([]);
        }
      }
      const sizes = await db
        .selectFrom("order_items")
        .select(["id", "width_eighths", "height_eighths"])
        .where("order_id", "=", orderId)
        .orderBy("position")
        .execute();
      expect(sizes.map((r) => [Number(r.width_eighths), Number(r.height_eighths)])).toEqual([
        [40 * 8 + 2, 48 * 8],
        [36 * 8 + 4, 48 * 8],
        [96 * 8, 0],
      ]);

      // The order as the admin, the installation sheet and the purchase orders show it.
      const shown = await admin("GET", `/api/admin/orders/${orderId}`);
      expect(shown.status).toBe(200);
      const items = shown.body.items as { id: number; width: number; height: number }[];
      expect(items.map((i) => [i.id, i.width, i.height])).toEqual([
        [vinylId, 40.25, 48],
        [zebraId, 36.5, 48],
        [trackId, 96, 0],
      ]);
      expect(shown.body.items[1].configuration).toMatchObject({
        width: 36,
        widthFraction: 0.5,
        height: 48,
        heightFraction: 0,
        fabricCollection: "tropic",
      });
      expect(shown.body.items[0].configuration).toMatchObject({ width: 40.25, height: 48 });
      expect(shown.body.items[2].configuration).toEqual({
        serviceType: "track-replacement",
        width: 96,
      });
      const kept = await db
        .selectFrom("order_events")
        .select(["summary"])
        .where("order_id", "=", orderId)
        .where("kind", "=", "size-kept")
        .orderBy("id")
        .execute();
      expect(kept.map((e) => e.summary)).toEqual([
        `Size of Vinyl Vertical Blinds (item ${vinylId}) kept as 40 1/4" W × 48" H (the size its last adjustment set); its configuration also said 36 3/8" W × 48" H. One size per item from here on (decision 290).`,
        `Size of Zebra Shades (item ${zebraId}) kept as 36 1/2" W × 48" H (the size every page, sheet and purchase order showed); its configuration also said 36 3/4" W × 48" H. One size per item from here on (decision 290).`,
      ]);

      // The CSV, the open cart and the quote.
      const csv = await store.app.request(
        `/api/admin/orders.csv?q=${encodeURIComponent(sampleCustomer(17, "sizes").lastName)}`,
        {
          headers: { cookie, "x-forwarded-for": "192.0.2.19" },
        },
      );
      const lines = (await csv.text()).split("\r\n");
      expect(lines.find((l) => l.includes("Vinyl Vertical Blinds"))).toContain(",40.25,48,");
      expect(lines.find((l) => l.includes("Zebra Shades"))).toContain(",36.5,48,");
      const reopened = await request(store, "GET", "/api/cart", undefined, {
        "x-forwarded-for": "192.0.2.18",
        "x-session-id": String(openCart.body.sessionId),
      });
      expect(reopened.body.items[0]).toMatchObject({
        width: 36.5,
        height: 48,
        calculatedPrice: "468.33",
        configuration: { width: 36, widthFraction: 0.5, height: 48, heightFraction: 0 },
      });
      const quoted = await admin("GET", `/api/admin/quotes/${quote.body.id}`);
      expect(quoted.body.items[0]).toMatchObject({ width: 52.625, height: 48 });
    } finally {
      await store.close();
    }
  });
});
