import { type CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import {
  createTestDatabase,
  describeEachDialect,
  type TestDatabase,
} from "../../tests/support/test-database";
import { CONTACT_MESSAGES_PER_HOUR } from "../rate-limits";
import { fixedQuery } from "./compiled-query";
import { type DatabaseHandle, type Db, openDatabase } from "./database";
import { migrateToLatest } from "./migrate";
import {
  insertOrderItems,
  insertOrderReturningRow,
  listOrderItems,
  type NewOrderItemRow,
  type PlacedOrderRow,
} from "./repositories/orders/orders";
import { enqueueEmails, type NewEmail } from "./repositories/platform/email-outbox";
import { consumeRateLimit } from "./repositories/platform/rate-limits";
import { insertContactMessage } from "./repositories/requests/contact-messages";
import { createCart } from "./repositories/storefront/carts";

const MESSAGE = {
  firstName: "Dana",
  lastName: "Reyes",
  email: "dana@example.com",
  phone: null,
  subject: "Shutters",
  message: "Could someone measure a slider?",
  preferredContactMethod: "email",
} as const;

describeEachDialect("fixed-shape queries compiled once on %s (decision 391)", (dialect) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    handle = openDatabase(database.config);
    db = handle.db;
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it("counts an attempt and stores a message with each call's values, building no query after the first", async () => {
    // Warm: the first call of each builds and compiles.
    await consumeRateLimit(db, "test:warm", 1, 60_000, 1_000);
    await insertContactMessage(db, MESSAGE);
    const compile = vi.spyOn(db.getExecutor(), "compileQuery");
    let id: number;
    try {
      const t = 10_000_000;
      expect(await consumeRateLimit(db, "test:a", 1, 60_000, t)).toEqual({
        points: 1,
        expiresAt: t + 60_000,
      });
      expect(await consumeRateLimit(db, "test:a", 2, 60_000, t + 1)).toEqual({
        points: 3,
        expiresAt: t + 60_000,
      });
      // The window ended: a new one, counted from this attempt.
      expect(await consumeRateLimit(db, "test:a", 1, 60_000, t + 60_000)).toEqual({
        points: 1,
        expiresAt: t + 120_000,
      });
      // The key is a value too: another key, another count.
      expect(await consumeRateLimit(db, "test:b", CONTACT_MESSAGES_PER_HOUR, 5, t)).toEqual({
        points: CONTACT_MESSAGES_PER_HOUR,
        expiresAt: t + 5,
      });
      id = await insertContactMessage(db, { ...MESSAGE, phone: "(239) 555-0100" });
      // Nothing above went through Kysely's query builder and compiler again.
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
    const row = await db
      .selectFrom("contact_messages")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      first_name: "Dana",
      phone: "(239) 555-0100",
      status: "new",
      handled_at: null,
    });
  });

  it("queues 1 to 4 emails with the insert compiled for their count, and more the usual way", async () => {
    const email = (n: number): NewEmail => ({
      kind: "test",
      to: `to${n}@example.com`,
      subject: `Subject ${n}`,
      text: `text ${n}`,
      html: `<p>${n}</p>`,
      ...(n % 2 ? { relatedType: "contact_message", relatedId: n } : {}),
      ...(n === 2 ? { calendar: "BEGIN:VCALENDAR" } : {}),
    });
    await enqueueEmails(db, [email(100), email(101)]);
    const compile = vi.spyOn(db.getExecutor(), "compileQuery");
    try {
      await enqueueEmails(db, [email(1), email(2)]);
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
    await enqueueEmails(db, [3, 4, 5, 6, 7].map(email));
    const rows = await db
      .selectFrom("email_outbox")
      .select(["to_address", "subject", "related_type", "related_id", "calendar", "attempts"])
      .where("kind", "=", "test")
      .orderBy("id")
      .execute();
    expect(rows.map((r) => r.to_address)).toEqual(
      [100, 101, 1, 2, 3, 4, 5, 6, 7].map((n) => `to${n}@example.com`),
    );
    expect(rows[2]).toEqual({
      to_address: "to1@example.com",
      subject: "Subject 1",
      related_type: "contact_message",
      related_id: 1,
      calendar: null,
      attempts: 0,
    });
    expect(rows[3]).toMatchObject({
      related_type: null,
      related_id: null,
      calendar: "BEGIN:VCALENDAR",
    });
  });

  it("places an order's row and its 1 to 4 items compiled once, every column as given (decision 402)", async () => {
    const at = "2026-11-27T21:00:00.000Z";
    const order = (n: number): PlacedOrderRow => ({
      reference: `REF-FIXED-${n}`,
      cart_id: `cart-fixed-${n}`,
      language: "en",
      order_number: 90_000 + n,
      status: "pending",
      first_name: "Dana",
      last_name: "Reyes",
      email: "dana@example.com",
      phone: "239-555-0100",
      address: "1 Main St",
      city: "Fort Myers",
      zip_code: "33901",
      state: "FL",
      special_instructions: n % 2 ? "Gate code 12" : null,
      visit_window: n % 2 ? null : "saturday",
      subtotal_cents: 10_000 + n,
      discount_cents: n,
      shipping_cents: 0,
      tax_cents: 650,
      total_cents: 10_650,
      item_count: n,
      text_reminders: n % 2,
      tax_rate_bp: 650,
      surtax_rate_bp: 50,
      surtaxable_cents: 10_000,
      surtax_cents: 50,
      created_at: at,
      updated_at: at,
    });
    const item = (orderId: number, position: number): NewOrderItemRow => ({
      order_id: orderId,
      position,
      kind: "product",
      product_id: null,
      service_id: null,
      item_type: "vinyl",
      name: `Blind ${position}`,
      width_eighths: 288 + position,
      height_eighths: 384,
      selected_color: "white",
      color_name: "White",
      include_installation: position % 2,
      quantity: position + 1,
      unit_price_cents: 5_400,
      installation_cents: position % 2 ? 2_500 : 0,
      line_total_cents: 5_400 * (position + 1),
      room_label: position % 2 ? "Den" : null,
      configuration: "{}",
      pricing: position % 2 ? null : '{"rate":1}',
      measured: null,
    });
    const place = async (n: number, items: number) => {
      await createCart(db, `cart-fixed-${n}`);
      const row = await insertOrderReturningRow(db, order(n));
      const placed = await insertOrderItems(
        db,
        Array.from({ length: items }, (_, position) => item(row.id, position)),
      );
      return { row, placed };
    };
    await place(0, 1);
    await place(100, 2);
    await place(101, 3);
    await place(102, 4);
    const compile = vi.spyOn(db.getExecutor(), "compileQuery");
    const placed: Awaited<ReturnType<typeof place>>[] = [];
    try {
      for (const [n, items] of [
        [1, 1],
        [2, 2],
        [3, 3],
        [4, 4],
      ] as const) {
        placed.push(await place(n, items));
      }
      // The cart, the order and its items: none built or compiled again.
      expect(compile).not.toHaveBeenCalled();
    } finally {
      compile.mockRestore();
    }
    placed.push(await place(5, 5));
    for (const [i, { row, placed: items }] of placed.entries()) {
      const n = i + 1;
      // Every given column stored as given; the others left to the schema's defaults.
      expect(row).toMatchObject({ ...order(n), paid_cents: 0, deposit_cents: 0 });
      expect(row.cancel_until).toBeNull();
      expect(row.review_token_hash).toBeNull();
      const stored = await listOrderItems(db, [row.id]);
      expect(items).toEqual(stored);
      expect(stored.map(({ id: _id, config: _config, ...rest }) => rest)).toEqual(
        Array.from({ length: n }, (_, position) => item(row.id, position)),
      );
    }
  });

  it("runs inside a transaction, and its writes roll back with it", async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await insertContactMessage(trx, { ...MESSAGE, email: "rolled@example.com" });
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    const rows = await db
      .selectFrom("contact_messages")
      .select("id")
      .where("email", "=", "rolled@example.com")
      .execute();
    expect(rows).toEqual([]);
  });

  it("refuses a builder that computes with a value instead of placing it", async () => {
    const bad = fixedQuery((db, p: { a: number; b: number }) =>
      db
        .selectFrom("rate_limits")
        .select("key")
        .where("points", "=", sql<number>`${String(p.a)}`)
        .where("expires_at", "=", p.b),
    );
    await expect(bad.rows(db, { a: 1, b: 2 })).rejects.toThrow(/a must each be placed/);
  });

  it("moves the write counter on every run of a fixed write to a figure's table, not a quiet one's", async () => {
    await insertContactMessage(db, MESSAGE);
    await consumeRateLimit(db, "test:counted", 1, 60_000, 2_000);
    const quiet = handle.writes.version();
    await consumeRateLimit(db, "test:counted", 1, 60_000, 2_001);
    expect(handle.writes.version()).toBe(quiet);
    for (let run = 0; run < 2; run++) {
      const before = handle.writes.version();
      await insertContactMessage(db, MESSAGE);
      expect(handle.writes.version()).toBeGreaterThan(before);
    }
  });

  it("sends the compiled SQL with the values in their places (a value used twice fills both)", async () => {
    const seen: CompiledQuery[] = [];
    const executor = db.getExecutor();
    const spy = vi.spyOn(executor, "executeQuery").mockImplementation(async (q) => {
      seen.push(q);
      return { rows: [] };
    });
    vi.spyOn(db, "getExecutor").mockReturnValue(executor);
    try {
      const twice = fixedQuery((db, p: { n: number; key: string }) =>
        db
          .selectFrom("rate_limits")
          .select("key")
          .where("points", "=", p.n)
          .where("key", "=", p.key)
          .where("expires_at", ">", p.n),
      );
      await twice.rows(db, { n: 7, key: "k" });
      await twice.rows(db, { n: 8, key: "j" });
      expect(seen.map((q) => q.parameters)).toEqual([
        [7, "k", 7],
        [8, "j", 8],
      ]);
      expect(seen[0]?.sql).toBe(seen[1]?.sql);
      // Run under the id it was compiled with: plugins (the write watch) saw it under that one.
      expect(seen[0]?.queryId).toBe(seen[1]?.queryId);
    } finally {
      spy.mockRestore();
      vi.restoreAllMocks();
    }
  });
});
