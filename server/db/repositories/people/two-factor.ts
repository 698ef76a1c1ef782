/** A staff member's TOTP secret, last accepted step and recovery codes. */
import { sql } from "kysely";
import type { Db } from "../../database";

export interface TwoFactorState {
  secret: string | null;
  enabled: boolean;
  lastStep: number | null;
}

export async function findTwoFactorState(db: Db, staffId: number): Promise<TwoFactorState | null> {
  const row = await db
    .selectFrom("staff")
    .select(["totp_secret", "totp_enabled", "totp_last_step"])
    .where("id", "=", staffId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    secret: row.totp_secret,
    enabled: row.totp_enabled === 1,
    lastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
  };
}

/**
 * Records `step` as the last accepted one, only when it is later than the one recorded: of two
 * requests carrying the same code at once, exactly one succeeds. True when this call won.
 */
export async function claimTotpStep(db: Db, staffId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable("staff")
    .set({ totp_last_step: step })
    .where("id", "=", staffId)
    .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks an unused recovery code used; true when it existed and was unused (used once only). */
export async function consumeRecoveryCode(
  db: Db,
  staffId: number,
  codeHash: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("staff_recovery_codes")
    .set({ used_at: at })
    .where("staff_id", "=", staffId)
    .where("code_hash", "=", codeHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function replaceRecoveryCodes(
  db: Db,
  staffId: number,
  codeHashes: string[],
): Promise<void> {
  await db.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
  if (codeHashes.length === 0) return;
  await db
    .insertInto("staff_recovery_codes")
    .values(codeHashes.map((code_hash) => ({ staff_id: staffId, code_hash, used_at: null })))
    .execute();
}

export async function countUnusedRecoveryCodes(db: Db, staffId: number): Promise<number> {
  const row = await db
    .selectFrom("staff_recovery_codes")
    .select(sql<number | string>`count(*)`.as("n"))
    .where("staff_id", "=", staffId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Starts (or restarts) enrolment: a new secret, not yet enabled, no step used, no codes. */
export async function startTotpEnrolment(db: Db, staffId: number, secret: string, at: string) {
  await db
    .updateTable("staff")
    .set({ totp_secret: secret, totp_enabled: 0, totp_last_step: null, updated_at: at })
    .where("id", "=", staffId)
    .execute();
  await db.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
}

/**
 * Turns two-factor on for the enrolment whose secret is `secret`; false when that enrolment is
 * no longer pending (restarted with another secret, or already enabled by another request).
 */
export async function enableTotp(
  db: Db,
  staffId: number,
  secret: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("staff")
    .set({ totp_enabled: 1, updated_at: at })
    .where("id", "=", staffId)
    .where("totp_secret", "=", secret)
    .where("totp_enabled", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Turns two-factor off and forgets the secret and every recovery code. */
export async function clearTwoFactor(db: Db, staffId: number, at: string): Promise<void> {
  await db
    .updateTable("staff")
    .set({ totp_secret: null, totp_enabled: 0, totp_last_step: null, updated_at: at })
    .where("id", "=", staffId)
    .execute();
  await db.deleteFrom("staff_recovery_codes").where("staff_id", "=", staffId).execute();
}

export interface StaffTwoFactorRow {
  id: number;
  name: string;
  email: string;
  role: string;
  active: boolean;
  enabled: boolean;
  pending: boolean;
  recoveryCodesLeft: number;
}

/** Every staff member with their two-factor state (the owners' security page). */
export async function listStaffTwoFactor(db: Db): Promise<StaffTwoFactorRow[]> {
  const columns = [
    "staff.id",
    "staff.name",
    "staff.email",
    "staff.role",
    "staff.active",
    "staff.totp_enabled",
    "staff.totp_secret",
  ] as const;
  const rows = await db
    .selectFrom("staff")
    .leftJoin("staff_recovery_codes as c", (join) =>
      join.onRef("c.staff_id", "=", "staff.id").on("c.used_at", "is", null),
    )
    .select([...columns, sql<number | string>`count(c.id)`.as("codes_left")])
    .groupBy([...columns])
    .orderBy("staff.active", "desc")
    .orderBy("staff.name")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    active: r.active === 1,
    enabled: r.totp_enabled === 1,
    pending: r.totp_enabled !== 1 && r.totp_secret !== null,
    recoveryCodesLeft: Number(r.codes_left),
  }));
}
