/**
 * The catalog editor: a zebra fabric can be withdrawn from sale like a
 * product (its rows stay, so placed orders and carts still name it). Frozen in time: uses
 * Kysely<any> and no application imports.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable("zebra_fabrics")
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable("zebra_fabrics").dropColumn("active").execute();
}
