/**
 * The floor under a durable POST (BENCH_FLOOR=1 in bench:api): the bare server, plus the writes
 * the store must make before it may answer, and nothing else. No framework, no Kysely, no
 * savepoints, no view, no log line: the same SQLite rows (the limit's upsert, a new cart and
 * its item; or the limit, a contact message and its two queued emails) in prepared statements,
 * one BEGIN IMMEDIATE … COMMIT for every request that arrived in the same turn of the event
 * loop (the store's group commit, decision 345, without its bookkeeping), WAL and
 * synchronous=FULL as the store runs. Its ratio to the bare server is what any store that keeps
 * the write durable could reach on this machine.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import type { ContactInput } from "../domain/requests/contact-schema";
import { DEFAULT_BUSINESS } from "../domain/shared/business";
import type { CartItemInput } from "../domain/storefront/cart-schema";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { seedCatalog } from "../server/db/seed";
import { contactConfirmationEmail, contactStoreEmail } from "../server/email/contact-emails";

export type FloorWrite = (url: string, input: unknown, done: () => void) => void;

/** A migrated, seeded store database in `dir`, then the floor's own connection to it. */
export async function openFloor(dir: string): Promise<FloorWrite> {
  const filename = path.join(dir, "floor.db");
  const setup = openDatabase({ dialect: "sqlite", filename });
  await migrateToLatest(setup.db);
  await seedCatalog(setup.db);
  await setup.close();

  const db = new Database(filename);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  const limit = db.prepare(
    `insert into "rate_limits" ("key", "points", "expires_at") values (?, ?, ?)
     on conflict ("key") do update set
       "points" = case when rate_limits.expires_at <= ? then excluded.points else rate_limits.points + excluded.points end,
       "expires_at" = case when rate_limits.expires_at <= ? then excluded.expires_at else rate_limits.expires_at end
     returning "points", "expires_at"`,
  );
  const cart = db.prepare(
    `insert into "carts" ("id", "created_at", "updated_at") values (?, ?, ?)`,
  );
  const item = db.prepare(
    `insert into "cart_items" ("cart_id", "kind", "product_id", "service_id", "item_type", "name",
       "width_eighths", "height_eighths", "selected_color", "include_installation", "quantity",
       "unit_price_cents", "room_label", "configuration", "created_at", "updated_at")
     values (?, 'product', ?, null, 'vinyl', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning "id"`,
  );
  const message = db.prepare(
    `insert into "contact_messages" ("first_name", "last_name", "email", "phone", "subject",
       "message", "preferred_contact_method", "status", "created_at", "handled_at")
     values (?, ?, ?, ?, ?, ?, ?, 'new', ?, null) returning "id"`,
  );
  const email = db.prepare(
    `insert into "email_outbox" ("kind", "to_address", "subject", "text_body", "html_body",
       "related_type", "related_id", "attempts", "last_error", "next_attempt_at", "sent_at",
       "created_at", "calendar", "attachments")
     values (?, ?, ?, ?, ?, ?, ?, 0, null, ?, null, ?, null, null)`,
  );

  const limitOf = (prefix: string) => {
    const nowMs = Date.now();
    limit.get(`${prefix}:${randomBytes(6).toString("hex")}`, 1, nowMs + 3_600_000, nowMs, nowMs);
  };
  const writes: Record<string, (input: unknown, at: string) => void> = {
    "/api/cart": (input, at) => {
      const i = input as CartItemInput;
      const id = randomBytes(32).toString("base64url");
      limitOf("cart");
      cart.run(id, at, at);
      item.get(
        id,
        i.productId ?? null,
        i.productName ?? "",
        Math.round(Number(i.width) * 8),
        Math.round(Number(i.height) * 8),
        i.selectedColor ?? "",
        i.includeInstallation ? 1 : 0,
        i.quantity ?? 1,
        5400,
        i.roomLabel ?? null,
        JSON.stringify(input),
        at,
        at,
      );
    },
    "/api/contact": (input, at) => {
      const m = input as ContactInput;
      limitOf("contact");
      const row = message.get(
        m.firstName,
        m.lastName,
        m.email,
        m.phone ?? null,
        m.subject,
        m.message,
        m.preferredContactMethod,
        at,
      ) as { id: number };
      const business = DEFAULT_BUSINESS;
      for (const e of [
        contactStoreEmail({ business, storeEmail: business.email, messageId: row.id, message: m }),
        contactConfirmationEmail({ business, messageId: row.id, message: m }),
      ]) {
        email.run(e.kind, e.to, e.subject, e.text, e.html, "contact_message", row.id, at, at);
      }
    },
  };

  let queue: { url: string; input: unknown; done: () => void }[] = [];
  const flush = () => {
    const group = queue;
    queue = [];
    const at = new Date().toISOString();
    db.exec("BEGIN IMMEDIATE");
    for (const w of group) writes[w.url]?.(w.input, at);
    db.exec("COMMIT");
    for (const w of group) w.done();
  };
  return (url, input, done) => {
    if (!writes[url]) return done();
    if (queue.length === 0) setImmediate(flush);
    queue.push({ url, input, done });
  };
}
