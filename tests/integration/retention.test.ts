import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS } from "../../domain/business";
import { orderKeptUntil } from "../../domain/retention";
import { insertTestMessage, insertTestOrder, insertTestReview } from "../support/admin-fixtures";
import { createTestStore, type TestStore } from "../support/test-app";
import { availableDialects } from "../support/test-database";

// The fixtures stamp rows with the real clock, so "now" is the real now.
const NOW = new Date();
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe("orderKeptUntil", () => {
  it.each([
    [["vinyl"], "2035-01-01T00:00:00.000Z"],
    [["standard-shutters"], "2057-01-01T00:00:00.000Z"],
    [["aluminum"], "2032-01-01T00:00:00.000Z"],
    [["aluminum", "bypass-shutters"], "2057-01-01T00:00:00.000Z"],
    [[], "2032-01-01T00:00:00.000Z"],
  ])("%j ordered 2030-01-01 is kept until %s", (types, until) => {
    expect(orderKeptUntil("2030-01-01T00:00:00.000Z", types, DEFAULT_BUSINESS).toISOString()).toBe(
      until,
    );
  });
});

describe.each(availableDialects())("retention purge on %s", (dialect) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(dialect);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("deletes exactly what the privacy policy says has expired", async () => {
    const { db } = store.services;
    // Carts: one unused for 91 days (goes), one for 89 (stays), one old but ordered (stays).
    for (const [id, days] of [
      ["cart-old", 91],
      ["cart-recent", 89],
      ["cart-ordered", 400],
    ] as const) {
      await db
        .insertInto("carts")
        .values({ id, created_at: ago(days), updated_at: ago(days) })
        .execute();
    }
    const ordered = await insertTestOrder(db, { createdAt: ago(400) });
    await db
      .updateTable("orders")
      .set({ cart_id: "cart-ordered" })
      .where("id", "=", ordered.id)
      .execute();

    // Orders: aluminum from 3 years ago (2-year warranty: goes); vinyl from 3 years ago (stays).
    const oldAluminum = await insertTestOrder(db, {
      createdAt: ago(3 * 366),
      items: [{ itemType: "aluminum", name: "Aluminum Mini Blinds", productId: 6 }],
    });
    const oldVinyl = await insertTestOrder(db, { createdAt: ago(3 * 366) });

    // Reviews: pending and rejected from 13 months ago go; approved stays; recent pending stays.
    const oldPending = await insertTestReview(db, { status: "pending" });
    const oldRejected = await insertTestReview(db, { status: "rejected" });
    const oldApproved = await insertTestReview(db, { status: "approved" });
    const newPending = await insertTestReview(db, { status: "pending" });
    await db
      .updateTable("reviews")
      .set({ created_at: ago(400) })
      .where("id", "in", [oldPending, oldRejected, oldApproved])
      .execute();

    // Contact messages: handled 25 months ago goes; handled 1 month ago stays.
    const oldMessage = await insertTestMessage(db, { status: "handled" });
    const newMessage = await insertTestMessage(db, { status: "handled" });
    await db
      .updateTable("contact_messages")
      .set({ handled_at: ago(760), created_at: ago(770) })
      .where("id", "=", oldMessage)
      .execute();
    await db
      .updateTable("contact_messages")
      .set({ handled_at: ago(30), created_at: ago(770) })
      .where("id", "=", newMessage)
      .execute();

    const counts = await store.services.retention.purgeExpired(NOW);

    expect(counts).toMatchObject({ carts: 1, orders: 1, reviews: 2, contactMessages: 1 });
    const carts = await db.selectFrom("carts").select("id").orderBy("id").execute();
    expect(carts.map((c) => c.id)).toEqual(expect.arrayContaining(["cart-ordered", "cart-recent"]));
    expect(carts.map((c) => c.id)).not.toContain("cart-old");
    const orders = await db.selectFrom("orders").select("id").execute();
    const orderIds = orders.map((o) => Number(o.id));
    expect(orderIds).toContain(oldVinyl.id);
    expect(orderIds).toContain(ordered.id);
    expect(orderIds).not.toContain(oldAluminum.id);
    const leftovers = await db
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", oldAluminum.id)
      .execute();
    expect(leftovers).toHaveLength(0);
    const history = await db
      .selectFrom("order_status_history")
      .select("id")
      .where("order_id", "=", oldAluminum.id)
      .execute();
    expect(history).toHaveLength(0);
    const reviews = await db.selectFrom("reviews").select("id").execute();
    expect(reviews.map((r) => Number(r.id)).sort()).toEqual([oldApproved, newPending].sort());
    const messages = await db.selectFrom("contact_messages").select("id").execute();
    expect(messages.map((m) => Number(m.id))).toEqual([newMessage]);

    // Running again finds nothing more.
    expect(await store.services.retention.purgeExpired(NOW)).toMatchObject({
      carts: 0,
      orders: 0,
      reviews: 0,
      contactMessages: 0,
    });
  });
});
