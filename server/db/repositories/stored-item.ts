/**
 * The one reading of a stored item's configuration, shared by cart, quote and order items:
 * its options from the `configuration` column, its size from the size columns, the one source
 * of an item's size.
 */
import { parseStoredConfiguration, type StoredConfiguration } from "../../../domain/shared/schemas";
import { toNumber } from "../database";

export interface StoredItemColumns {
  kind: string;
  item_type: string;
  configuration: string;
  width_eighths: number;
  height_eighths: number;
}

export function parseItemConfiguration(row: StoredItemColumns): StoredConfiguration | null {
  return parseStoredConfiguration(row.kind, row.item_type, row.configuration, {
    widthEighths: toNumber(row.width_eighths),
    heightEighths: toNumber(row.height_eighths),
  });
}
