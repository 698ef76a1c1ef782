/**
 * The consent ledger (migrations 0013 and 0024, decisions 214 and 550): every opt-in and opt-out
 * of a number, with its time, source, the words shown and where it came from. A number's last
 * entry decides whether a text may go to it.
 */
import { toE164 } from "../../../../domain/shared/phone-number";
import type { Db } from "../../database";
import type { ConsentEvent } from "../../types";

export type ConsentSource = "booking" | "checkout" | "keyword" | "staff";

export async function insertTextConsent(
  db: Db,
  row: {
    phone: string;
    words: string;
    source: ConsentSource;
    visitId: number | null;
    orderId: number | null;
    clientAddress: string;
    at: string;
    event?: ConsentEvent;
  },
): Promise<void> {
  await db
    .insertInto("text_consents")
    .values({
      phone: row.phone,
      phone_e164: toE164(row.phone),
      event: row.event ?? "opt-in",
      words: row.words,
      source: row.source,
      visit_id: row.visitId,
      order_id: row.orderId,
      client_address: row.clientAddress,
      consented_at: row.at,
    })
    .execute();
}

/** The last entry's event for a number (E.164), or null when the ledger has none. */
export async function lastConsentEvent(db: Db, e164: string): Promise<ConsentEvent | null> {
  const row = await db
    .selectFrom("text_consents")
    .select("event")
    .where("phone_e164", "=", e164)
    .orderBy("consented_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? row.event : null;
}

/** Of these numbers, the ones whose last entry is an opt-out. */
export async function optedOutAmong(db: Db, numbers: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (numbers.length === 0) return out;
  const rows = await db
    .selectFrom("text_consents")
    .select(["phone_e164", "event", "consented_at", "id"])
    .where("phone_e164", "in", [...new Set(numbers)])
    .orderBy("consented_at")
    .orderBy("id")
    .execute();
  const last = new Map<string, ConsentEvent>();
  for (const row of rows) if (row.phone_e164) last.set(row.phone_e164, row.event);
  for (const [phone, event] of last) if (event === "opt-out") out.add(phone);
  return out;
}

export interface ConsentLedgerRow {
  phone: string;
  event: ConsentEvent;
  source: string;
  at: string;
  words: string;
}

/** The whole ledger, oldest first. */
export async function listConsentLedger(db: Db): Promise<ConsentLedgerRow[]> {
  const rows = await db
    .selectFrom("text_consents")
    .select(["phone", "phone_e164", "event", "source", "consented_at", "words"])
    .orderBy("consented_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    phone: r.phone_e164 ?? toE164(r.phone),
    event: r.event,
    source: r.source,
    at: r.consented_at,
    words: r.words,
  }));
}
