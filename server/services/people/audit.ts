/**
 * The audit log: who changed what in the back office, and when (before → after). Other services
 * append inside their own transaction with `recordAudit`, so an entry exists exactly when its
 * change was committed. Owners read it with filters and paging.
 */
import {
  AUDIT_PAGE_SIZE,
  type AuditKind,
  type AuditQuery,
} from "../../../domain/people/staff-schema";
import { type Db, now } from "../../db/database";
import { appendAuditEntry, listAuditEntries } from "../../db/repositories/people/audit-log";
import type { ServiceDeps } from "../deps";
import type { Actor } from "./actor";

/** Changes made by the store itself (start-up, scheduled jobs). */
export const SYSTEM_ACTOR: Actor = { label: "system", staffId: null };

/**
 * Appends one entry. Pass the transaction of the change it records, so the two commit together.
 * `summary` names an order by its number only: no customer's personal data goes in here.
 */
export async function recordAudit(
  db: Db,
  actor: Actor,
  kind: AuditKind,
  summary: string,
  details: { before?: unknown; after?: unknown } = {},
): Promise<void> {
  await appendAuditEntry(db, {
    at: now(),
    staffId: actor.staffId,
    actor: actor.label,
    kind,
    summary,
    details,
  });
}

export interface AuditEntry {
  id: number;
  at: string;
  staffId: number | null;
  actor: string;
  kind: string;
  summary: string;
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

function parseDetails(text: string): { before?: unknown; after?: unknown } {
  try {
    const v: unknown = JSON.parse(text);
    if (!v || typeof v !== "object") return {};
    return {
      before: "before" in v ? v.before : undefined,
      after: "after" in v ? v.after : undefined,
    };
  } catch {
    return {};
  }
}

/** The UTC instant at which a store-local (America/New_York) day starts. */
export function storeDayStart(day: string): string {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  const guess = Date.UTC(y, m - 1, d, 12);
  const offsetText = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    timeZoneName: "longOffset",
  })
    .formatToParts(guess)
    .find((p) => p.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offsetText ?? "");
  const offsetMinutes = match
    ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
    : 0;
  return new Date(Date.UTC(y, m - 1, d) - offsetMinutes * 60_000).toISOString();
}

function nextDay(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export function createAuditService(deps: Pick<ServiceDeps, "db">) {
  const { db } = deps;
  return {
    record: (
      actor: Actor,
      kind: AuditKind,
      summary: string,
      details: { before?: unknown; after?: unknown } = {},
    ) => recordAudit(db, actor, kind, summary, details),

    async list(query: AuditQuery): Promise<AuditPage> {
      const pageSize = AUDIT_PAGE_SIZE;
      const { rows, total } = await listAuditEntries(db, {
        staffId: query.staffId,
        kind: query.kind,
        from: query.from ? storeDayStart(query.from) : undefined,
        to: query.to ? storeDayStart(nextDay(query.to)) : undefined,
        limit: pageSize,
        offset: (query.page - 1) * pageSize,
      });
      return {
        entries: rows.map((r) => {
          const d = parseDetails(r.details);
          return {
            id: r.id,
            at: r.created_at,
            staffId: r.staff_id,
            actor: r.actor,
            kind: r.kind,
            summary: r.summary,
            before: d.before ?? null,
            after: d.after ?? null,
          };
        }),
        total,
        page: query.page,
        pageSize,
        pageCount: Math.max(1, Math.ceil(total / pageSize)),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
