/**
 * One visit, wherever it was booked: the visits booked online (or by the office
 * for an estimate request) move from `bookings` into `visits`, so that every screen, API and
 * feed reads one table. A visit gains where it was booked (`source`: 'office' | 'online'), the
 * booking's `reference` (the key of /bookings/REFERENCE), the contact typed at booking (a visit
 * needs no order any more: `order_id` becomes optional), the note, the wish for texts and the
 * estimate request it came from. The claim of a booked window (one scheduled visit per
 * installer and start among visits booked in windows) becomes a partial unique index on visits.
 *
 * Each booking becomes one visit with the same reference, UID, SEQUENCE, status, installer,
 * reminder mark and links; the text consents that named a booking name its visit, and the
 * outboxes' rows about a booking are about the visit. `bookings` is dropped.
 *
 * SQLite cannot drop a NOT NULL nor a column under a foreign key: `visits` and `text_consents`
 * are rebuilt with foreign keys off (SQLite's documented twelve steps), in one transaction
 * checked by `foreign_key_check` before it commits. Frozen in time: Kysely<any>, no application
 * imports. Runs on SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: the builder's table type is unknown here.
type TableBuilder = any;

const CONTACT = ["first_name", "last_name", "email", "phone", "address", "city", "zip_code"];
/** The columns a visit has before this migration, in order. */
const OLD_VISIT = [
  "id",
  "order_id",
  "kind",
  "status",
  "visit_date",
  "start_time",
  "end_time",
  "staff_id",
  "uid",
  "sequence",
  "created_at",
  "updated_at",
  "reminder_sent_at",
];
const NEW_VISIT = [
  "source",
  "reference",
  ...CONTACT,
  "note",
  "text_reminders",
  "estimate_request_id",
];
const CONSENT = ["id", "phone", "words", "source", "order_id", "client_address", "consented_at"];

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function list(columns: readonly string[]) {
  return sql.join(columns.map((c) => sql.ref(c)));
}

/** The columns this migration adds to visits. */
function withNewVisitColumns(table: TableBuilder): TableBuilder {
  let t = table
    .addColumn("source", "text", (c: TableBuilder) => c.notNull().defaultTo("office"))
    .addColumn("reference", "text", (c: TableBuilder) => c.unique());
  for (const column of CONTACT) t = t.addColumn(column, "text");
  return t
    .addColumn("note", "text")
    .addColumn("text_reminders", "integer", (c: TableBuilder) => c.notNull().defaultTo(0))
    .addColumn("estimate_request_id", "integer", (c: TableBuilder) =>
      c.references("estimate_requests.id").onDelete("set null"),
    );
}

/** visits as 0004 and 0013 made it, with `order_id` required or not. */
function visitTable(db: Db, name: string, orderRequired: boolean): TableBuilder {
  return db.schema
    .createTable(name)
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => {
      const ref = c.references("orders.id").onDelete("cascade");
      return orderRequired ? ref.notNull() : ref;
    })
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("visit_date", "text", (c) => c.notNull())
    .addColumn("start_time", "text", (c) => c.notNull())
    .addColumn("end_time", "text", (c) => c.notNull())
    .addColumn("staff_id", "integer", (c) => c.references("staff.id"))
    .addColumn("uid", "text", (c) => c.notNull().unique())
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("reminder_sent_at", "text");
}

async function visitIndexes(db: Db): Promise<void> {
  await db.schema.createIndex("visits_order_id").on("visits").column("order_id").execute();
  await db.schema
    .createIndex("visits_date")
    .on("visits")
    .columns(["visit_date", "start_time"])
    .execute();
  await db.schema
    .createIndex("visits_staff_date")
    .on("visits")
    .columns(["staff_id", "visit_date"])
    .execute();
}

/**
 * SQLite: `work` with foreign keys off, in one transaction that must leave none broken. The
 * migrator holds SQLite's one connection without a transaction (SQLite's DDL is not run in
 * one by Kysely), so the transaction is opened on it by hand.
 */
async function rebuilding(db: Db, work: (trx: Db) => Promise<void>): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN IMMEDIATE`.execute(db);
    try {
      await work(db);
      const broken = await sql<Record<string, unknown>>`PRAGMA foreign_key_check`.execute(db);
      if (broken.rows.length > 0) {
        throw new Error(`0020: broken foreign keys ${JSON.stringify(broken.rows.slice(0, 5))}`);
      }
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

/** Every booking becomes a visit (same reference, UID, SEQUENCE, status, reminder mark). */
async function bookingsIntoVisits(db: Db): Promise<void> {
  await sql`
    INSERT INTO visits (order_id, kind, status, visit_date, start_time, end_time, staff_id, uid,
      sequence, created_at, updated_at, reminder_sent_at, source, reference, first_name,
      last_name, email, phone, address, city, zip_code, note, text_reminders,
      estimate_request_id)
    SELECT order_id, 'measure', status, visit_date, start_time, end_time, staff_id, uid,
      sequence, created_at, updated_at, reminder_sent_at, 'online', reference, first_name,
      last_name, email, phone, address, city, zip_code, note, text_reminders,
      estimate_request_id
    FROM bookings ORDER BY id`.execute(db);
  // What the outboxes queued about a booking is about its visit now.
  for (const table of ["email_outbox", "text_outbox"]) {
    await sql`
      UPDATE ${sql.table(table)} SET related_type = 'visit', related_id = (
        SELECT v.id FROM visits v JOIN bookings b ON b.uid = v.uid
        WHERE b.id = ${sql.ref(`${table}.related_id`)})
      WHERE related_type = 'booking'
        AND related_id IN (SELECT id FROM bookings)`.execute(db);
  }
}

const CONSENT_VISIT = sql`(SELECT v.id FROM visits v JOIN bookings b ON b.uid = v.uid
  WHERE b.id = text_consents.booking_id)`;

async function claimIndex(db: Db): Promise<void> {
  await db.schema
    .createIndex("visits_window_claim")
    .on("visits")
    .columns(["staff_id", "visit_date", "start_time"])
    .unique()
    .where(sql<boolean>`status = 'scheduled' AND reference IS NOT NULL`)
    .execute();
}

export async function up(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await db.schema
      .alterTable("visits")
      .alterColumn("order_id", (c) => c.dropNotNull())
      .execute();
    // PostgreSQL adds one column per ALTER TABLE through Kysely's builder.
    await db.schema
      .alterTable("visits")
      .addColumn("source", "text", (c) => c.notNull().defaultTo("office"))
      .execute();
    await db.schema
      .alterTable("visits")
      .addColumn("reference", "text", (c) => c.unique())
      .execute();
    for (const column of CONTACT) {
      await db.schema.alterTable("visits").addColumn(column, "text").execute();
    }
    await db.schema.alterTable("visits").addColumn("note", "text").execute();
    await db.schema
      .alterTable("visits")
      .addColumn("text_reminders", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable("visits")
      .addColumn("estimate_request_id", "integer", (c) =>
        c.references("estimate_requests.id").onDelete("set null"),
      )
      .execute();
    await bookingsIntoVisits(db);
    await db.schema
      .alterTable("text_consents")
      .addColumn("visit_id", "integer", (c) => c.references("visits.id").onDelete("cascade"))
      .execute();
    await sql`UPDATE text_consents SET visit_id = ${CONSENT_VISIT}
      WHERE booking_id IS NOT NULL`.execute(db);
    await db.schema.alterTable("text_consents").dropColumn("booking_id").execute();
    await db.schema.dropTable("bookings").execute();
    await claimIndex(db);
    return;
  }
  await rebuilding(db, async (trx) => {
    await withNewVisitColumns(visitTable(trx, "visits_new", false)).execute();
    await sql`INSERT INTO visits_new (${list(OLD_VISIT)})
      SELECT ${list(OLD_VISIT)} FROM visits`.execute(trx);
    await trx.schema.dropTable("visits").execute();
    await sql`ALTER TABLE visits_new RENAME TO visits`.execute(trx);
    await visitIndexes(trx);
    await bookingsIntoVisits(trx);

    await trx.schema
      .createTable("text_consents_new")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("words", "text", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("cascade"))
      .addColumn("client_address", "text", (c) => c.notNull())
      .addColumn("consented_at", "text", (c) => c.notNull())
      .addColumn("visit_id", "integer", (c) => c.references("visits.id").onDelete("cascade"))
      .execute();
    await sql`INSERT INTO text_consents_new (${list(CONSENT)}, visit_id)
      SELECT ${list(CONSENT)}, ${CONSENT_VISIT} FROM text_consents`.execute(trx);
    await trx.schema.dropTable("text_consents").execute();
    await sql`ALTER TABLE text_consents_new RENAME TO text_consents`.execute(trx);
    await trx.schema.dropTable("bookings").execute();
    await claimIndex(trx);
  });
}

/** bookings as 0013 made it. */
async function createBookings(db: Db): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable("bookings")
    .addColumn("id", "integer", (c) =>
      pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("visit_date", "text", (c) => c.notNull())
    .addColumn("start_time", "text", (c) => c.notNull())
    .addColumn("end_time", "text", (c) => c.notNull())
    .addColumn("staff_id", "integer", (c) => c.notNull().references("staff.id"))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("zip_code", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("text_reminders", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("estimate_request_id", "integer", (c) =>
      c.references("estimate_requests.id").onDelete("set null"),
    )
    .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("uid", "text", (c) => c.notNull().unique())
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reminder_sent_at", "text")
    .addColumn("two_person", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("bookings_claim")
    .on("bookings")
    .columns(["staff_id", "visit_date", "start_time"])
    .unique()
    .where(sql.ref("status"), "=", "scheduled")
    .execute();
  await db.schema
    .createIndex("bookings_date")
    .on("bookings")
    .columns(["visit_date", "start_time"])
    .execute();
}

/**
 * Back to 0019: the visits with a booking reference (and an installer) become bookings again;
 * a booked visit without an order that cannot be a booking (no installer) is dropped.
 */
async function visitsIntoBookings(db: Db): Promise<void> {
  await sql`
    INSERT INTO bookings (reference, status, visit_date, start_time, end_time, staff_id,
      first_name, last_name, email, phone, address, city, zip_code, note, text_reminders,
      estimate_request_id, order_id, uid, sequence, reminder_sent_at, created_at, updated_at)
    SELECT reference, status, visit_date, start_time, end_time, staff_id,
      COALESCE(first_name, ''), COALESCE(last_name, ''), COALESCE(email, ''),
      COALESCE(phone, ''), COALESCE(address, ''), COALESCE(city, ''), COALESCE(zip_code, ''),
      note, text_reminders, estimate_request_id, order_id, uid, sequence, reminder_sent_at,
      created_at, updated_at
    FROM visits WHERE reference IS NOT NULL AND staff_id IS NOT NULL ORDER BY id`.execute(db);
  for (const table of ["email_outbox", "text_outbox"]) {
    await sql`
      UPDATE ${sql.table(table)} SET related_type = 'booking', related_id = (
        SELECT b.id FROM bookings b JOIN visits v ON v.uid = b.uid
        WHERE v.id = ${sql.ref(`${table}.related_id`)})
      WHERE related_type = 'visit' AND related_id IN (
        SELECT id FROM visits WHERE reference IS NOT NULL AND staff_id IS NOT NULL)`.execute(db);
  }
}

const CONSENT_BOOKING = sql`(SELECT b.id FROM bookings b JOIN visits v ON v.uid = b.uid
  WHERE v.id = text_consents.visit_id)`;

export async function down(db: Db): Promise<void> {
  if (isPostgres(db)) {
    await createBookings(db);
    await visitsIntoBookings(db);
    await db.schema
      .alterTable("text_consents")
      .addColumn("booking_id", "integer", (c) => c.references("bookings.id").onDelete("cascade"))
      .execute();
    await sql`UPDATE text_consents SET booking_id = ${CONSENT_BOOKING}
      WHERE visit_id IS NOT NULL`.execute(db);
    await db.schema.alterTable("text_consents").dropColumn("visit_id").execute();
    await db.schema.dropIndex("visits_window_claim").execute();
    await sql`DELETE FROM visits WHERE reference IS NOT NULL OR order_id IS NULL`.execute(db);
    for (const column of [...NEW_VISIT].reverse()) {
      await db.schema.alterTable("visits").dropColumn(column).execute();
    }
    await db.schema
      .alterTable("visits")
      .alterColumn("order_id", (c) => c.setNotNull())
      .execute();
    return;
  }
  await rebuilding(db, async (trx) => {
    await createBookings(trx);
    await visitsIntoBookings(trx);
    await trx.schema
      .createTable("text_consents_old")
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("phone", "text", (c) => c.notNull())
      .addColumn("words", "text", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("booking_id", "integer", (c) => c.references("bookings.id").onDelete("cascade"))
      .addColumn("order_id", "integer", (c) => c.references("orders.id").onDelete("cascade"))
      .addColumn("client_address", "text", (c) => c.notNull())
      .addColumn("consented_at", "text", (c) => c.notNull())
      .execute();
    await sql`INSERT INTO text_consents_old (${list(CONSENT)}, booking_id)
      SELECT ${list(CONSENT)}, ${CONSENT_BOOKING} FROM text_consents`.execute(trx);
    await trx.schema.dropTable("text_consents").execute();
    await sql`ALTER TABLE text_consents_old RENAME TO text_consents`.execute(trx);

    // A quote made on a visit that leaves lets go of it, as its foreign key says (a booked
    // visit is a measurement: no close-out names one).
    const leaving = sql`(SELECT id FROM visits WHERE reference IS NOT NULL OR order_id IS NULL)`;
    await sql`UPDATE quotes SET visit_id = NULL WHERE visit_id IN ${leaving}`.execute(trx);
    await visitTable(trx, "visits_old", true).execute();
    await sql`INSERT INTO visits_old (${list(OLD_VISIT)})
      SELECT ${list(OLD_VISIT)} FROM visits
      WHERE reference IS NULL AND order_id IS NOT NULL`.execute(trx);
    await trx.schema.dropTable("visits").execute();
    await sql`ALTER TABLE visits_old RENAME TO visits`.execute(trx);
    await visitIndexes(trx);
  });
}
