import type { ItemLineColumns } from "./types";

/** What a line is (product or service, size, colour), copied from a cart's or a quote's line. */
export function itemLineColumns(row: ItemLineColumns): ItemLineColumns {
  return {
    kind: row.kind,
    product_id: row.product_id,
    service_id: row.service_id,
    item_type: row.item_type,
    name: row.name,
    width_eighths: row.width_eighths,
    height_eighths: row.height_eighths,
    selected_color: row.selected_color,
  };
}
