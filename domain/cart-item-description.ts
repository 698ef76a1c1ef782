/**
 * Human lines describing a cart or order item's configuration, the same on the cart page, the
 * checkout summary, the order-status page and the emails.
 */
import { colorName } from "./colors";
import { formatInches, formatSize } from "./dimensions";
import { findZebraCollection, ZEBRA_CONTROL_LABELS, type ZebraControlType } from "./zebra";

export interface DescribableItem {
  itemType: string;
  width: number;
  height: number;
  selectedColor: string;
  includeInstallation: boolean;
  configuration: Record<string, unknown>;
}

export function describeColor(item: DescribableItem): string | null {
  if (item.itemType === "track-replacement") return null;
  if (item.itemType === "zebra-shades") {
    const c = item.configuration;
    const collection = findZebraCollection(String(c.fabricCollection ?? ""));
    const fabric = collection?.fabrics.find((f) => f.slug === c.fabric);
    if (collection && fabric) return `${collection.name} · ${fabric.name} (${fabric.code})`;
    return item.selectedColor;
  }
  return colorName(item.selectedColor);
}

/** e.g. ['36 3/8" W × 48" H', 'Colour: White', 'Professional installation included']. */
export function describeItem(item: DescribableItem): string[] {
  const lines: string[] = [];
  if (item.itemType === "track-replacement") {
    lines.push(`Track width ${formatInches(item.width)}`);
    lines.push("Installed by our technicians");
    return lines;
  }
  lines.push(formatSize(item.width, item.height));
  const color = describeColor(item);
  if (item.itemType === "zebra-shades") {
    const c = item.configuration;
    if (color) lines.push(`Fabric: ${color}`);
    lines.push(`${c.mountType === "outside" ? "Outside" : "Inside"} mount`);
    const control = String(c.controlType ?? "cordless") as ZebraControlType;
    const extras: string[] = [];
    const motor = (c.motorOptions ?? {}) as Record<string, unknown>;
    if (control === "motorized") {
      extras.push("remote included");
      if (motor.smartHome) extras.push("smart-home hub");
      if (motor.batteryWand) extras.push("battery wand");
    }
    lines.push(
      `Control: ${ZEBRA_CONTROL_LABELS[control] ?? control}${extras.length ? ` (${extras.join(", ")})` : ""}`,
    );
    lines.push(c.valance === false ? "No valance" : "Valance included");
  } else if (color) {
    lines.push(`Colour: ${color}`);
  }
  lines.push(
    item.includeInstallation ? "Professional installation included" : "No installation (DIY)",
  );
  return lines;
}
