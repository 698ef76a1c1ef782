/**
 * A supplier's price grid from its CSV (POST /api/admin/suppliers/:id/price-grid): parsed by
 * csv-parse with strict quoting and column counts, each row checked by the domain's schema, and
 * the supplier's grid replaced in one transaction. `preview` answers what would change without
 * saving it.
 */
import { CsvError, parse } from "csv-parse/sync";
import {
  PRICE_GRID_HEADER,
  PRICE_GRID_MAX_ROWS,
  type PriceGridRow,
  priceGridRowSchema,
} from "../../../domain/purchasing/price-grid";
import { centsToAmount } from "../../../domain/shared/money";
import { listPriceGrid, replacePriceGrid } from "../../db/repositories/purchasing/price-grid";
import { findSupplierById } from "../../db/repositories/purchasing/suppliers";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";
import { type SupplierView, toSupplierView } from "./suppliers";

export interface PriceGridChange {
  productType: string;
  maxWidth: number;
  maxHeight: number;
  /** Dollars; null when the row is new (before) or gone (after). */
  before: number | null;
  after: number | null;
}

export interface PriceGridImport {
  rows: number;
  /** What the import changes against the grid in place. */
  added: number;
  removed: number;
  changed: number;
  changes: PriceGridChange[];
  saved: boolean;
}

function refuse(line: number, message: string): never {
  const text = `Line ${line}: ${message}`;
  throw new AppError("validation_failed", text, { details: { line } });
}

/** The CSV's rows, or 400 naming the first bad line (the header is line 1). */
export function parsePriceGridCsv(text: string): PriceGridRow[] {
  // The line each record ends on (a quoted field may span lines), kept as csv-parse reads them.
  const lines: number[] = [];
  let parsed: string[][];
  try {
    parsed = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_quotes: false,
      relax_column_count: false,
      on_record: (record: string[], context) => {
        lines.push(context.lines);
        return record;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) refuse(Number(error.lines ?? 0), error.message);
    throw error;
  }
  const records = parsed.map((record, i) => ({ record, info: { lines: lines[i] ?? i + 1 } }));
  const [header, ...body] = records;
  if (!header || header.record.map((h) => h.trim()).join(",") !== PRICE_GRID_HEADER.join(",")) {
    refuse(1, `the header must be ${PRICE_GRID_HEADER.join(",")}`);
  }
  if (body.length === 0) refuse(2, "the grid has no rows");
  if (body.length > PRICE_GRID_MAX_ROWS) {
    refuse(PRICE_GRID_MAX_ROWS + 2, `a grid holds at most ${PRICE_GRID_MAX_ROWS} rows`);
  }
  const seen = new Map<string, number>();
  return body.map(({ record, info }) => {
    const [productType, maxWidth, maxHeight, cost] = record;
    const parsed = priceGridRowSchema.safeParse({ productType, maxWidth, maxHeight, cost });
    if (!parsed.success) refuse(info.lines, parsed.error.issues[0]?.message ?? "a bad row");
    const row = parsed.data;
    const key = gridKey(row);
    const twin = seen.get(key);
    if (twin !== undefined) refuse(info.lines, `the same size as line ${twin}`);
    seen.set(key, info.lines);
    return row;
  });
}

function gridKey(r: PriceGridRow): string {
  return `${r.productType}|${r.maxWidthEighths}|${r.maxHeightEighths}`;
}

function compare(before: readonly PriceGridRow[], after: readonly PriceGridRow[]) {
  const old = new Map(before.map((r) => [gridKey(r), r]));
  const changes: PriceGridChange[] = [];
  let added = 0;
  let changed = 0;
  const changeOf = (r: PriceGridRow, b: number | null, a: number | null): PriceGridChange => ({
    productType: r.productType,
    maxWidth: r.maxWidthEighths / 8,
    maxHeight: r.maxHeightEighths / 8,
    before: b === null ? null : centsToAmount(b),
    after: a === null ? null : centsToAmount(a),
  });
  for (const r of after) {
    const was = old.get(gridKey(r));
    old.delete(gridKey(r));
    if (!was) {
      added++;
      changes.push(changeOf(r, null, r.costCents));
    } else if (was.costCents !== r.costCents) {
      changed++;
      changes.push(changeOf(r, was.costCents, r.costCents));
    }
  }
  for (const r of old.values()) changes.push(changeOf(r, r.costCents, null));
  return { added, changed, removed: old.size, changes: changes.slice(0, 200) };
}

/** A supplier and its grid as it stands, sorted as "next size up" reads it. */
export interface SupplierGrid {
  supplier: SupplierView;
  rows: PriceGridRow[];
}

export function createPriceGridService(deps: Pick<ServiceDeps, "db" | "logger">) {
  const { db, logger } = deps;
  return {
    async get(supplierId: number): Promise<SupplierGrid> {
      const supplier = await findSupplierById(db, supplierId);
      if (!supplier) throw new AppError("not_found", "Supplier not found.");
      const rows = await listPriceGrid(db, supplierId);
      return { supplier: toSupplierView(supplier), rows };
    },

    async importCsv(
      supplierId: number,
      csv: string,
      options: { preview: boolean },
      actor: Actor,
    ): Promise<PriceGridImport> {
      const rows = parsePriceGridCsv(csv);
      const result = await db.transaction().execute(async (trx) => {
        const supplier = await findSupplierById(trx, supplierId);
        if (!supplier) throw new AppError("not_found", "Supplier not found.");
        const diff = compare(await listPriceGrid(trx, supplierId), rows);
        if (!options.preview) {
          await replacePriceGrid(trx, supplierId, rows);
          await recordAudit(trx, actor, "purchasing", `Price grid imported: ${supplier.name}`, {
            after: {
              supplierId,
              rows: rows.length,
              added: diff.added,
              changed: diff.changed,
              removed: diff.removed,
            },
          });
        }
        return diff;
      });
      if (!options.preview) logger.info("price grid imported", { supplierId, rows: rows.length });
      return { rows: rows.length, ...result, saved: !options.preview };
    },
  };
}

export type PriceGridService = ReturnType<typeof createPriceGridService>;
