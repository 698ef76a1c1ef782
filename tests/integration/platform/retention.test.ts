import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderKeptUntil } from "../../../domain/platform/retention";
import { DEFAULT_BUSINESS } from "../../../domain/shared/business";
import { estimatePhotosDir } from "../../../server/uploads/photos";
import { insertTestMessage, insertTestOrder, insertTestReview } from "../../support/admin-fixtures";
import { createTestStore, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

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

describeEachDialect("retention purge on %s", (dialect) => {
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
  it("deletes old sample and estimate requests, and the estimate's photo files with them", async () => {
    const { db, config } = store.services;
    const sample = (reference: string, createdDays: number, handledDays: number | null) => ({
      reference,
      name: "Pat Doe",
      email: "pat@example.org",
      address: "1 Palm St",
      city: "Fort Myers",
      zip_code: "33901",
      items: "[]",
      status: handledDays === null ? ("new" as const) : ("handled" as const),
      created_at: ago(createdDays),
      handled_at: handledDays === null ? null : ago(handledDays),
    });
    await db
      .insertInto("sample_requests")
      .values([
        sample("S-OLDHANDL", 400, 380), // handled 380 days ago: goes
        sample("S-OLDNEVER", 380, null), // never handled, arrived 380 days ago: goes
        sample("S-RECENTHA", 400, 30), // handled a month ago: stays
      ])
      .execute();
    const estimate = (reference: string, createdDays: number, handledDays: number | null) => ({
      reference,
      first_name: "Pat",
      last_name: "Doe",
      email: "pat@example.org",
      phone: "2395550100",
      address: "1 Palm St",
      city: "Fort Myers",
      zip_code: "33901",
      window_count: 3,
      product_types: "[]",
      preferred_window: null,
      message: null,
      status: handledDays === null ? ("new" as const) : ("handled" as const),
      created_at: ago(createdDays),
      handled_at: handledDays === null ? null : ago(handledDays),
    });
    const insertEstimate = async (values: ReturnType<typeof estimate>) =>
      Number(
        (
          await db
            .insertInto("estimate_requests")
            .values(values)
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    const oldEstimate = await insertEstimate(estimate("E-OLDESTIM", 800, 760));
    const newEstimate = await insertEstimate(estimate("E-NEWESTIM", 800, 30));
    const dir = estimatePhotosDir(config.dataDir);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const files = { old: `${"a".repeat(32)}.jpg`, kept: `${"b".repeat(32)}.jpg` };
    for (const [id, name] of [
      [oldEstimate, files.old],
      [newEstimate, files.kept],
    ] as const) {
      fs.writeFileSync(path.join(dir, name), "photo", { mode: 0o600 });
      await db
        .insertInto("estimate_photos")
        .values({
          estimate_id: id,
          file_name: name,
          content_type: "image/jpeg",
          bytes: 5,
          width: 1,
          height: 1,
          created_at: ago(800),
        })
        .execute();
    }

    const counts = await store.services.retention.purgeExpired(NOW);

    expect(counts).toMatchObject({ sampleRequests: 2, estimateRequests: 1 });
    const samples = await db.selectFrom("sample_requests").select("reference").execute();
    expect(samples.map((r) => r.reference)).toEqual(["S-RECENTHA"]);
    const estimates = await db.selectFrom("estimate_requests").select("id").execute();
    expect(estimates.map((r) => Number(r.id))).toEqual([newEstimate]);
    const photos = await db.selectFrom("estimate_photos").select("file_name").execute();
    expect(photos.map((p) => p.file_name)).toEqual([files.kept]);
    expect(fs.existsSync(path.join(dir, files.old))).toBe(false);
    expect(fs.existsSync(path.join(dir, files.kept))).toBe(true);
  });

  it("deletes account sign-in links and sessions past their end, and keeps a used link until then", async () => {
    const { db, account } = store.services;
    const token = (c: string) => c.repeat(43);
    const hash = (t: string) => createHash("sha256").update(t).digest("hex");
    const minutesFromNow = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();
    const links = [
      { token: token("a"), expires: minutesFromNow(-30), used: null }, // expired unused: goes
      { token: token("b"), expires: minutesFromNow(-1), used: minutesFromNow(-10) }, // used, expired: goes
      { token: token("c"), expires: minutesFromNow(10), used: minutesFromNow(-2) }, // used, running: stays
      { token: token("d"), expires: minutesFromNow(10), used: null }, // fresh: stays
    ];
    await db
      .insertInto("account_links")
      .values(
        links.map((l) => ({
          token_hash: hash(l.token),
          email: "pat@example.org",
          created_at: minutesFromNow(-40),
          expires_at: l.expires,
          used_at: l.used,
        })),
      )
      .execute();
    await db
      .insertInto("account_sessions")
      .values([
        {
          token_hash: hash(token("e")),
          email: "pat@example.org",
          created_at: ago(31),
          expires_at: minutesFromNow(-60),
        },
        {
          token_hash: hash(token("f")),
          email: "pat@example.org",
          created_at: ago(1),
          expires_at: ago(-29),
        },
      ])
      .execute();

    const counts = await store.services.retention.purgeExpired(NOW);

    expect(counts.accountAccess).toBe(3);
    const leftLinks = await db.selectFrom("account_links").select("token_hash").execute();
    expect(leftLinks.map((l) => l.token_hash).sort()).toEqual(
      [hash(token("c")), hash(token("d"))].sort(),
    );
    const leftSessions = await db.selectFrom("account_sessions").select("token_hash").execute();
    expect(leftSessions.map((l) => l.token_hash)).toEqual([hash(token("f"))]);
    // The used link still says so until its 15 minutes are over; a purged one is just unknown.
    expect(await account.verify(token("c"))).toEqual({ ok: false, problem: "used" });
    expect(await account.verify(token("b"))).toEqual({ ok: false, problem: "invalid" });
    expect(await account.sessionEmail(token("f"))).toBe("pat@example.org");
    expect((await store.services.retention.purgeExpired(NOW)).accountAccess).toBe(0);
  });
});
