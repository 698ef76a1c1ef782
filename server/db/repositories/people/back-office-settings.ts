/** The back office's settings: one row (id 1, migration 0008). */
import type { Db } from "../../database";

export interface BackOfficeSettingsRow {
  requireTwoFactor: boolean;
}

export async function findBackOfficeSettings(db: Db): Promise<BackOfficeSettingsRow> {
  const row = await db
    .selectFrom("back_office_settings")
    .select("require_two_factor")
    .where("id", "=", 1)
    .executeTakeFirst();
  return { requireTwoFactor: row?.require_two_factor === 1 };
}

export async function saveBackOfficeSettings(db: Db, settings: BackOfficeSettingsRow) {
  const value = settings.requireTwoFactor ? 1 : 0;
  await db
    .insertInto("back_office_settings")
    .values({ id: 1, require_two_factor: value })
    .onConflict((oc) => oc.column("id").doUpdateSet({ require_two_factor: value }))
    .execute();
}

/**
 * Holds the settings row's write lock until the transaction ends (a row lock on PostgreSQL; on
 * SQLite the transaction already holds the one write lock). Changes that must not interleave,
 * such as the first owner's password set by several processes starting at once, take it first
 * and so run one after the other.
 */
export async function lockBackOfficeSettings(trx: Db): Promise<void> {
  await trx
    .updateTable("back_office_settings")
    .set((eb) => ({ require_two_factor: eb.ref("require_two_factor") }))
    .where("id", "=", 1)
    .execute();
}

/** The owner's sales settings (migration 0010, decision 180; the product rules "Settings"). */
export interface SalesSettings {
  depositPercent: number;
  cancelBusinessDays: number;
  quoteValidDays: number;
  maxDiscountPercent: number;
  bookingHorizonDays: number;
}

export const DEFAULT_SALES_SETTINGS: SalesSettings = {
  depositPercent: 50,
  cancelBusinessDays: 3,
  quoteValidDays: 30,
  maxDiscountPercent: 15,
  bookingHorizonDays: 21,
};

export async function findSalesSettings(db: Db): Promise<SalesSettings> {
  const row = await db
    .selectFrom("back_office_settings")
    .select([
      "deposit_percent",
      "cancel_business_days",
      "quote_valid_days",
      "max_discount_percent",
      "booking_horizon_days",
    ])
    .where("id", "=", 1)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_SALES_SETTINGS };
  return {
    depositPercent: Number(row.deposit_percent),
    cancelBusinessDays: Number(row.cancel_business_days),
    quoteValidDays: Number(row.quote_valid_days),
    maxDiscountPercent: Number(row.max_discount_percent),
    bookingHorizonDays: Number(row.booking_horizon_days),
  };
}

/** Saves the given fields (the others unchanged); the row exists from migration 0008 on. */
export async function saveSalesSettings(db: Db, changes: Partial<SalesSettings>): Promise<void> {
  const set: Partial<Record<keyof BackOfficeSettingsColumns, number>> = {};
  if (changes.depositPercent !== undefined) set.deposit_percent = changes.depositPercent;
  if (changes.cancelBusinessDays !== undefined)
    set.cancel_business_days = changes.cancelBusinessDays;
  if (changes.quoteValidDays !== undefined) set.quote_valid_days = changes.quoteValidDays;
  if (changes.maxDiscountPercent !== undefined)
    set.max_discount_percent = changes.maxDiscountPercent;
  if (changes.bookingHorizonDays !== undefined)
    set.booking_horizon_days = changes.bookingHorizonDays;
  if (Object.keys(set).length === 0) return;
  await db
    .insertInto("back_office_settings")
    .values({ id: 1, require_two_factor: 0, ...set })
    .onConflict((oc) => oc.column("id").doUpdateSet(set))
    .execute();
}

interface BackOfficeSettingsColumns {
  deposit_percent: number;
  cancel_business_days: number;
  quote_valid_days: number;
  max_discount_percent: number;
  booking_horizon_days: number;
}
