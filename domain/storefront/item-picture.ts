/**
 * What a cart or order item's thumbnail draws: the product type, its color or fabric (from the
 * catalog's rows) and the window's proportions. Track
 * replacement shows a vertical blind on its new head rail.
 */

import { propertyOf } from "../shared/property-of";
import type { CatalogNames } from "./cart-item-description";
import { findZebraFabric } from "./zebra";

export interface ItemPicture {
  type: string;
  /** "#RRGGBB", or undefined for the drawing's default. */
  color: string | undefined;
  /** Width ÷ height, rounded to 2 decimals. */
  aspect: number;
}

/** Both the stored configuration (orders) and the wire one (cart views) fit here. */
export interface PicturableItem {
  itemType: string;
  width: number;
  height: number;
  selectedColor: string;
  configuration: unknown;
}

function field(configuration: unknown, key: string): string {
  const value = propertyOf(configuration, key);
  return typeof value === "string" ? value : "";
}

export function itemPicture(item: PicturableItem, names: CatalogNames): ItemPicture {
  const aspect =
    item.width > 0 && item.height > 0 ? Math.round((item.width / item.height) * 100) / 100 : 0.75;
  if (item.itemType === "track-replacement") {
    return { type: "vinyl", color: "#FFFFFF", aspect };
  }
  if (item.itemType === "zebra-shades") {
    const c = item.configuration;
    const fabric = findZebraFabric(
      names.zebraCollections,
      field(c, "fabricCollection"),
      field(c, "fabric"),
    );
    return { type: item.itemType, color: fabric?.hex, aspect };
  }
  return {
    type: item.itemType,
    color: names.colors.find((c) => c.key === item.selectedColor)?.hex,
    aspect,
  };
}
