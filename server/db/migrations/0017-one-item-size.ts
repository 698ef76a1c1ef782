/**
 * One size per stored item: cart_items, quote_items and order_items kept an
 * item's size twice, in `width_eighths` / `height_eighths` and again inside the `configuration`
 * JSON (`width`, `height`, and for zebra shades `widthFraction`, `heightFraction`). From here
 * the size columns are the one source and the configuration keeps only the options.
 *
 * Every row's size keys leave its configuration. Where the two copies disagree:
 * - an order item whose last adjustment (order_events, kind 'adjustment') set the size that the
 *   configuration holds keeps that size: the adjustment wrote it last, priced it, and told the
 *   customer and the history so;
 * - otherwise the columns win: they are what every page, sheet, purchase order, CSV, email and
 *   PDF showed.
 * The copy that lost goes into the order's (or the quote's) history, so no size is lost.
 * A configuration that is not a JSON object is left as it was (its item already showed as
 * unavailable). `down` writes the size back into the configuration from the columns (the
 * history entries stay: they remain true).
 * Frozen in time: Kysely<any>, no application imports. Runs on SQLite and PostgreSQL.
 */
import type { Kysely } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen and untyped by design.
type Db = Kysely<any>;

type ItemTable = "cart_items" | "quote_items" | "order_items";

interface Size {
  w: number;
  h: number;
}

interface ItemRow {
  id: number;
  kind: string;
  itemType: string;
  name: string;
  parentId: number | null;
  size: Size;
  configuration: string;
}

const SIZE_KEYS = ["width", "height", "widthFraction", "heightFraction"];
const BATCH = 500;

function objectOf(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value))
      : null;
  } catch {
    return null;
  }
}

function numberOf(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

function isZebra(row: Pick<ItemRow, "kind" | "itemType">): boolean {
  return row.kind !== "service" && row.itemType === "zebra-shades";
}

/** The size the configuration holds, in eighths; null when it holds none (or not a number). */
function configurationSize(config: Record<string, unknown>, zebra: boolean): Size | null {
  const width = numberOf(config.width);
  if (width === null) return null;
  const height = config.height === undefined && !zebra ? 0 : numberOf(config.height);
  if (height === null) return null;
  const wf = zebra ? (numberOf(config.widthFraction) ?? 0) : 0;
  const hf = zebra ? (numberOf(config.heightFraction) ?? 0) : 0;
  return { w: Math.round((width + wf) * 8), h: Math.round((height + hf) * 8) };
}

function sameSize(a: Size, b: Size): boolean {
  return a.w === b.w && a.h === b.h;
}

function inches(eighths: number): string {
  const whole = Math.floor(eighths / 8);
  const rest = eighths - whole * 8;
  if (rest === 0) return `${whole}"`;
  const d = rest % 4 === 0 ? 2 : rest % 2 === 0 ? 4 : 8;
  return `${whole} ${rest / (8 / d)}/${d}"`;
}

function sizeWords(s: Size): string {
  return s.h > 0 ? `${inches(s.w)} W × ${inches(s.h)} H` : `${inches(s.w)} W`;
}

function withoutSize(config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).filter(([key]) => !SIZE_KEYS.includes(key)));
}

async function readItems(db: Db, table: ItemTable, afterId: number): Promise<ItemRow[]> {
  const parent = table === "order_items" ? "order_id" : table === "quote_items" ? "quote_id" : null;
  const rows = await db
    .selectFrom(table)
    .select(["id", "kind", "item_type", "name", "width_eighths", "height_eighths", "configuration"])
    .$if(parent !== null, (q) => q.select(`${parent} as parent_id`))
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(BATCH)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    kind: String(r.kind),
    itemType: String(r.item_type),
    name: String(r.name),
    parentId: r.parent_id === undefined ? null : Number(r.parent_id),
    size: { w: Number(r.width_eighths), h: Number(r.height_eighths) },
    configuration: String(r.configuration),
  }));
}

/** Each order item's size as its last adjustment set it, in eighths. */
async function lastAdjustedSizes(db: Db): Promise<Map<number, Size>> {
  const events = await db
    .selectFrom("order_events")
    .select(["details"])
    .where("kind", "=", "adjustment")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const sizes = new Map<number, Size>();
  for (const e of events) {
    const details = objectOf(String(e.details));
    const after = details && typeof details.after === "object" ? details.after : null;
    const itemId = numberOf(details?.itemId);
    if (itemId === null || after === null) continue;
    const size = configurationSize(Object.fromEntries(Object.entries(after)), false);
    if (size) sizes.set(itemId, size);
  }
  return sizes;
}

async function recordKeptSize(
  db: Db,
  table: ItemTable,
  row: ItemRow,
  kept: Size,
  dropped: Size,
  why: string,
  at: string,
): Promise<void> {
  if (row.parentId === null) return;
  const summary = `Size of ${row.name} (item ${row.id}) kept as ${sizeWords(kept)} (${why}); its configuration also said ${sizeWords(dropped)}. One size per item from here on (decision 290).`;
  if (table === "order_items") {
    await db
      .insertInto("order_events")
      .values({
        order_id: row.parentId,
        kind: "size-kept",
        summary,
        details: JSON.stringify({
          itemId: row.id,
          kept: { widthEighths: kept.w, heightEighths: kept.h },
          dropped: { widthEighths: dropped.w, heightEighths: dropped.h },
        }),
        actor: "system",
        staff_id: null,
        created_at: at,
      })
      .execute();
  } else {
    await db
      .insertInto("quote_events")
      .values({
        quote_id: row.parentId,
        kind: "size-kept",
        summary,
        actor: "system",
        created_at: at,
      })
      .execute();
  }
}

async function moveSizesToColumns(
  db: Db,
  table: ItemTable,
  adjusted: Map<number, Size>,
  at: string,
): Promise<void> {
  for (let rows = await readItems(db, table, 0); rows.length > 0; ) {
    for (const row of rows) {
      const config = objectOf(row.configuration);
      if (!config || !SIZE_KEYS.some((key) => key in config)) continue;
      const inConfig = configurationSize(config, isZebra(row));
      let size = row.size;
      if (inConfig && !sameSize(inConfig, row.size)) {
        const last = table === "order_items" ? adjusted.get(row.id) : undefined;
        const configWins = last !== undefined && sameSize(last, inConfig);
        size = configWins ? inConfig : row.size;
        const why =
          last !== undefined && sameSize(last, size)
            ? "the size its last adjustment set"
            : "the size every page, sheet and purchase order showed";
        await recordKeptSize(db, table, row, size, configWins ? row.size : inConfig, why, at);
      }
      await db
        .updateTable(table)
        .set({
          width_eighths: size.w,
          height_eighths: size.h,
          configuration: JSON.stringify(withoutSize(config)),
        })
        .where("id", "=", row.id)
        .execute();
    }
    const lastId = rows[rows.length - 1]?.id ?? 0;
    rows = rows.length < BATCH ? [] : await readItems(db, table, lastId);
  }
}

export async function up(db: Db): Promise<void> {
  const at = new Date().toISOString();
  const adjusted = await lastAdjustedSizes(db);
  for (const table of ["cart_items", "quote_items", "order_items"] as const) {
    await moveSizesToColumns(db, table, adjusted, at);
  }
}

/** The size keys each kind of configuration carried before, from the columns. */
function sizeKeys(row: ItemRow): Record<string, number> {
  const { w, h } = row.size;
  if (isZebra(row)) {
    return {
      width: Math.floor(w / 8),
      widthFraction: (w % 8) / 8,
      height: Math.floor(h / 8),
      heightFraction: (h % 8) / 8,
    };
  }
  return row.kind === "service" && h === 0 ? { width: w / 8 } : { width: w / 8, height: h / 8 };
}

export async function down(db: Db): Promise<void> {
  for (const table of ["cart_items", "quote_items", "order_items"] as const) {
    for (let rows = await readItems(db, table, 0); rows.length > 0; ) {
      for (const row of rows) {
        const config = objectOf(row.configuration);
        if (!config) continue;
        await db
          .updateTable(table)
          .set({ configuration: JSON.stringify({ ...config, ...sizeKeys(row) }) })
          .where("id", "=", row.id)
          .execute();
      }
      const lastId = rows[rows.length - 1]?.id ?? 0;
      rows = rows.length < BATCH ? [] : await readItems(db, table, lastId);
    }
  }
}
