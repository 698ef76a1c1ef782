/**
 * Staff accounts: sign-in for each person of the back office, two-factor, the audit log and the
 * back-office settings. Extends the `staff` table of migration 0004.
 * The single shared password of admin_credentials is moved onto the first owner at start-up
 * (the owner's email comes from configuration, which a frozen migration cannot read).
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // biome-ignore lint/suspicious/noExplicitAny: column builder callback type differs per table.
  const serialId = (col: any) =>
    pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement();

  // scrypt hash; null for a person who cannot sign in (staff from before passwords added before this).
  await db.schema.alterTable("staff").addColumn("password_hash", "text").execute();
  // 1 while the password is the temporary one an owner gave: only a password change is allowed.
  await db.schema
    .alterTable("staff")
    .addColumn("must_change_password", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // TOTP secret (base32) once enrolment starts; totp_enabled once the first code confirmed it.
  await db.schema.alterTable("staff").addColumn("totp_secret", "text").execute();
  await db.schema
    .alterTable("staff")
    .addColumn("totp_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // The last 30-second step whose code was accepted: a code is never accepted twice.
  await db.schema.alterTable("staff").addColumn("totp_last_step", "bigint").execute();
  await db.schema.alterTable("staff").addColumn("updated_at", "text").execute();

  // Sessions made with the shared password belong to nobody: they end here.
  await db.deleteFrom("admin_sessions").execute();
  await db.schema
    .alterTable("admin_sessions")
    .addColumn("staff_id", "integer", (c) => c.references("staff.id").onDelete("cascade"))
    .execute();
  await db.schema.alterTable("admin_sessions").addColumn("user_agent", "text").execute();
  await db.schema
    .createIndex("admin_sessions_staff_id")
    .on("admin_sessions")
    .column("staff_id")
    .execute();

  await db.schema
    .createTable("staff_recovery_codes")
    .addColumn("id", "integer", serialId)
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id").onDelete("cascade"))
    // SHA-256 of the code (the codes are random, 50 bits or more: no salt needed).
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("staff_recovery_codes_staff_id")
    .on("staff_recovery_codes")
    .column("staff_id")
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", serialId)
    .addColumn("created_at", "text", (c) => c.notNull())
    // Who: the account, and its name at the time (kept when the account is renamed); null
    // staff_id for the system or an unknown email (failed login).
    .addColumn("staff_id", "integer", (c) => c.references("staff.id"))
    .addColumn("actor", "text", (c) => c.notNull())
    // 'login', 'login_failed', 'order_status', 'staff', 'catalog', … (domain/audit.ts)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    // JSON { before, after }: what changed.
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await db.schema.createIndex("audit_log_created").on("audit_log").column("created_at").execute();
  await db.schema
    .createIndex("audit_log_staff_created")
    .on("audit_log")
    .columns(["staff_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("audit_log_kind_created")
    .on("audit_log")
    .columns(["kind", "created_at"])
    .execute();
  // Append-only: the database itself refuses to change or remove an entry.
  if (pg) {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }

  await db.schema
    .createTable("back_office_settings")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("require_two_factor", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto("back_office_settings").values({ id: 1, require_two_factor: 0 }).execute();
}

export async function down(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable("back_office_settings").ifExists().execute();
  await db.schema.dropTable("audit_log").ifExists().execute();
  if (pg) await sql`drop function if exists audit_log_append_only()`.execute(db);
  await db.schema.dropTable("staff_recovery_codes").ifExists().execute();
  await db.schema.dropIndex("admin_sessions_staff_id").ifExists().execute();
  await db.schema.alterTable("admin_sessions").dropColumn("user_agent").execute();
  await db.schema.alterTable("admin_sessions").dropColumn("staff_id").execute();
  for (const column of [
    "updated_at",
    "totp_last_step",
    "totp_enabled",
    "totp_secret",
    "must_change_password",
    "password_hash",
  ]) {
    await db.schema.alterTable("staff").dropColumn(column).execute();
  }
}
