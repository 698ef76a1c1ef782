/**
 * Human lines describing a cart or order item's configuration, the same on the cart page, the
 * checkout summary, the order-status page and the emails. Colour, collection and fabric names
 * come from the catalog (the PricingContext's rows).
 */
import { formatInches, formatSize } from "../shared/dimensions";
import type { StoredConfiguration } from "../shared/schemas";
import { childSafety } from "./child-safety";
import type { PricingContext } from "./pricing";
import { describeOptions } from "./product-options";
import { findZebraFabric, ZEBRA_CONTROL_LABELS } from "./zebra";

/** The catalog names a description needs. */
export type CatalogNames = Pick<PricingContext, "colors" | "zebraCollections">;

export interface DescribableItem {
  itemType: string;
  width: number;
  height: number;
  selectedColor: string;
  includeInstallation: boolean;
  /** null when the stored configuration no longer parses. */
  configuration: StoredConfiguration | null;
}

export function describeColor(item: DescribableItem, names: CatalogNames): string | null {
  const c = item.configuration;
  if (item.itemType === "track-replacement" || c?.type === "track") return null;
  if (c?.type === "zebra") {
    const collection = names.zebraCollections.find((x) => x.slug === c.fabricCollection);
    const fabric = findZebraFabric(names.zebraCollections, c.fabricCollection, c.fabric);
    if (collection && fabric) return `${collection.name} · ${fabric.name} (${fabric.code})`;
    return item.selectedColor;
  }
  return names.colors.find((x) => x.key === item.selectedColor)?.name ?? item.selectedColor;
}

/** e.g. ['36 3/8" W × 48" H', 'Color: White', 'Professional installation included']. */
export function describeItem(item: DescribableItem, names: CatalogNames): string[] {
  const lines: string[] = [];
  const c = item.configuration;
  if (item.itemType === "track-replacement" || c?.type === "track") {
    lines.push(`Track width ${formatInches(item.width)}`);
    lines.push(`Child safety: ${childSafety("track-replacement")}`);
    lines.push("Installed by our technicians");
    return lines;
  }
  lines.push(formatSize(item.width, item.height));
  const color = describeColor(item, names);
  if (c?.type === "zebra") {
    if (color) lines.push(`Fabric: ${color}`);
    lines.push(`${c.mountType === "outside" ? "Outside" : "Inside"} mount`);
    const extras: string[] = [];
    if (c.controlType === "motorized") {
      extras.push("remote included");
      if (c.motorOptions.smartHome) extras.push("smart-home hub");
      if (c.motorOptions.batteryWand) extras.push("battery wand");
    }
    lines.push(
      `Control: ${ZEBRA_CONTROL_LABELS[c.controlType]}${extras.length ? ` (${extras.join(", ")})` : ""}`,
    );
    lines.push(`Child safety: ${childSafety("zebra-shades", c.controlType)}`);
    lines.push(c.valance === false ? "No valance" : "Valance included");
  } else {
    if (color) lines.push(`Color: ${color}`);
    if (c?.type === "blinds") lines.push(...describeOptions(c));
    const safety = childSafety(item.itemType);
    if (safety) lines.push(`Child safety: ${safety}`);
  }
  lines.push(
    item.includeInstallation ? "Professional installation included" : "No installation (DIY)",
  );
  return lines;
}
