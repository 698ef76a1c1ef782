/**
 * Migration 0015: orders placed before it keep every figure, and carry the flat
 * rate they were actually charged and no surtax, so an adjustment re-taxes them the same way.
 */
import { sql } from "kysely";
import { expect, it } from "vitest";
import { openDatabase } from "../../../server/db/database";
import { migrateTo, migrateToLatest } from "../../../server/db/migrate";
import { createTestDatabase, describeEachDialect } from "../../support/test-database";

describeEachDialect("migration 0015 on %s", (dialect) => {
  it("backfills old orders with the flat rate their figures show, changing none", async () => {
    const database = await createTestDatabase(dialect);
    const handle = openDatabase(database.config);
    try {
      const db = handle.db;
      await migrateTo(db, "0010-sales-foundations");
      // [discounted subtotal, tax]: 7.5 % (the store's old rate), 6 % (SALES_TAX_PERCENT=6),
      // a $1.01 order whose 7.5 % rounds to 8¢, and a free order.
      const old: [number, number][] = [
        [39_00, 2_93],
        [100_00, 6_00],
        [1_01, 8],
        [0, 0],
      ];
      let n = 0;
      for (const [subtotal, tax] of old) {
        n++;
        await sql`insert into orders (reference, cart_id, order_number, status, first_name,
          last_name, email, phone, address, city, state, zip_code, subtotal_cents, discount_cents,
          shipping_cents, tax_cents, total_cents, item_count, created_at, updated_at)
          values (${`OLD${n}`}, ${`cart-${n}`}, ${1000 + n}, 'pending', 'Old', 'Order',
          'old@example.com', '(239) 555-0100', '1 Palm Way', 'Fort Myers', 'FL', '33901',
          ${subtotal}, 0, 2500, ${tax}, ${subtotal + 2500 + tax}, 1,
          '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(db);
      }
      await migrateToLatest(db);
      const rows = await db
        .selectFrom("orders")
        .select([
          "reference",
          "tax_cents",
          "total_cents",
          "tax_rate_bp",
          "surtax_rate_bp",
          "surtaxable_cents",
          "surtax_cents",
        ])
        .orderBy("reference")
        .execute();
      expect(
        rows.map((r) => [
          r.reference,
          Number(r.tax_cents),
          Number(r.tax_rate_bp),
          Number(r.surtax_rate_bp),
          Number(r.surtaxable_cents),
          Number(r.surtax_cents),
        ]),
      ).toEqual([
        ["OLD1", 2_93, 750, 0, 0, 0],
        ["OLD2", 6_00, 600, 0, 0, 0],
        ["OLD3", 8, 750, 0, 0, 0],
        ["OLD4", 0, 750, 0, 0, 0],
      ]);
      expect(rows.map((r) => Number(r.total_cents))).toEqual([66_93, 131_00, 26_09, 25_00]);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
