/**
 * A supplier's price grid (DECISIONS "Profit per job"): a cost per product type up to a width and
 * a height. The CSV's header is productType,maxWidth,maxHeight,cost (inches to the 1/8", dollars);
 * a purchase-order line takes the first row, sorted by maxWidth then maxHeight, whose maxWidth ≥
 * its width and maxHeight ≥ its height ("next size up").
 */
import { z } from "zod";
import { amountToCents } from "../shared/money";

export const PRICE_GRID_HEADER = ["productType", "maxWidth", "maxHeight", "cost"] as const;
export const PRICE_GRID_MAX_ROWS = 5_000;

export interface PriceGridRow {
  productType: string;
  maxWidthEighths: number;
  maxHeightEighths: number;
  costCents: number;
}

function inches(field: string) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,3})?$/, `${field} must be inches, such as 36 or 36.125`)
    .transform((v) => Number(v) * 8)
    .refine((v) => Number.isInteger(v), `${field} must be a whole 1/8 inch`)
    .refine((v) => v >= 8 && v <= 200 * 8, `${field} must be from 1 to 200 inches`);
}

export const priceGridRowSchema = z
  .object({
    productType: z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "productType must be a product type such as vinyl"),
    maxWidth: inches("maxWidth"),
    maxHeight: inches("maxHeight"),
    cost: z
      .string()
      .trim()
      .regex(/^\d{1,6}(\.\d{1,2})?$/, "cost must be dollars with at most 2 decimals")
      .transform((v) => amountToCents(v)),
  })
  .transform(
    (r): PriceGridRow => ({
      productType: r.productType,
      maxWidthEighths: r.maxWidth,
      maxHeightEighths: r.maxHeight,
      costCents: r.cost,
    }),
  );

/** The next size up for a product's width × height; null when the grid has no row that big. */
export function nextSizeUpCost(
  grid: readonly PriceGridRow[],
  productType: string,
  widthEighths: number,
  heightEighths: number,
): number | null {
  const rows = grid
    .filter((r) => r.productType === productType)
    .sort(
      (a, b) => a.maxWidthEighths - b.maxWidthEighths || a.maxHeightEighths - b.maxHeightEighths,
    );
  const row = rows.find(
    (r) => r.maxWidthEighths >= widthEighths && r.maxHeightEighths >= heightEighths,
  );
  return row ? row.costCents : null;
}

/** ?preview=true: what the import would change, nothing saved. */
export const priceGridQuerySchema = z.object({
  preview: z
    .enum(["true", "false"], { error: "preview must be true or false" })
    .optional()
    .transform((v) => v === "true"),
});
