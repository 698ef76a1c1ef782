/**
 * on PostgreSQL the audit log also refuses TRUNCATE, which the row
 * triggers of 0008 don't see (SQLite has no TRUNCATE; its triggers refuse UPDATE and DELETE).
 * Frozen in time: uses Kysely<any> and no application imports.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // The function of 0008 raises 'audit_log is append-only'; a statement trigger may use it.
  await sql`create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger if exists audit_log_no_truncate on audit_log`.execute(db);
}
