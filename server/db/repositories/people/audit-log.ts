/** The audit log: appended to, read with filters and paging; never updated or deleted. */

import type { AuditKind } from "../../../../domain/people/staff-schema";
import type { Db } from "../../database";
import type { AuditLogRow } from "../../types";

export interface NewAuditEntry {
  at: string;
  staffId: number | null;
  actor: string;
  kind: AuditKind;
  summary: string;
  details: unknown;
}

export async function appendAuditEntry(db: Db, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      created_at: entry.at,
      staff_id: entry.staffId,
      actor: entry.actor,
      kind: entry.kind,
      summary: entry.summary,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}

export interface AuditFilter {
  staffId?: number;
  kind?: AuditKind;
  /** Inclusive ISO instants. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

export async function listAuditEntries(
  db: Db,
  filter: AuditFilter,
): Promise<{ rows: AuditLogRow[]; total: number }> {
  let q = db.selectFrom("audit_log");
  if (filter.staffId !== undefined) q = q.where("staff_id", "=", filter.staffId);
  if (filter.kind) q = q.where("kind", "=", filter.kind);
  if (filter.from) q = q.where("created_at", ">=", filter.from);
  if (filter.to) q = q.where("created_at", "<", filter.to);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
