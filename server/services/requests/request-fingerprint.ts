/**
 * One count for a request sent twice: a double tap, a reload that posts again,
 * a second try while the first answer was slow. What the shopper sent (email included) is
 * hashed after the same normalising a person would do; a request of the same fingerprint
 * stored within the last minute answers the second one with its own reference, and nothing is
 * stored, emailed or counted against the limit again.
 */
import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db, Dialect } from "../../db/database";
import {
  findRecentRequest,
  type RequestTable,
} from "../../db/repositories/requests/request-status";

export const DUPLICATE_WINDOW_MS = 60_000;

/** Lower case, one space between words, no space at the ends. */
function norm(value: string | null | undefined): string {
  return (value ?? "").normalize("NFKC").trim().replace(/\s+/g, " ").toLowerCase();
}

/** SHA-256 of the normalised fields, in a fixed order (lists sorted: order says nothing). */
export function requestFingerprint(
  kind: "sample" | "estimate",
  fields: Record<string, string | number | null | undefined | readonly string[]>,
): string {
  const entries = Object.keys(fields)
    .sort()
    .map((key) => {
      const value = fields[key];
      if (typeof value === "number") return [key, value];
      if (typeof value === "string" || value === null || value === undefined) {
        return [key, norm(value)];
      }
      return [key, value.map((v) => norm(v)).sort()];
    });
  return createHash("sha256")
    .update(JSON.stringify([kind, entries]))
    .digest("hex");
}

/** SHA-256 of a photo's bytes, for an estimate's fingerprint. */
export function photoDigest(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function duplicateSince(at = Date.now()): string {
  return new Date(at - DUPLICATE_WINDOW_MS).toISOString();
}

/**
 * Inside the transaction that would store the request: waits for any other transaction storing
 * the same fingerprint (PostgreSQL: an advisory lock for this transaction; SQLite's transactions
 * are serial already, decision 175), then answers the request it stored, if any.
 */
export async function lockAndFindDuplicate(
  trx: Db,
  dialect: Dialect,
  table: RequestTable,
  fingerprint: string,
): Promise<{ id: number; reference: string } | null> {
  if (dialect === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtext(${`${table}:${fingerprint}`}))`.execute(trx);
  }
  return findRecentRequest(trx, table, fingerprint, duplicateSince());
}

export { findRecentRequest };
