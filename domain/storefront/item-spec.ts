/**
 * An item's specification in words, the same on the order page, the installation sheet, the
 * installer's job card and the supplier's purchase order: exact size to the
 * 1/8", color or fabric, mount, control and every option.
 */
import { formatInches, formatSize } from "../shared/dimensions";
import { oneOf } from "../shared/one-of";
import { childSafety } from "./child-safety";
import { describeOption } from "./product-options";
import { ZEBRA_CONTROL_LABELS, ZEBRA_CONTROL_TYPES } from "./zebra";

/** What the words need of an order item. */
export interface SpecItem {
  /** The product type (or "track-replacement"): it names the child-safety device. */
  itemType: string;
  width: number;
  height: number;
  configuration: Record<string, unknown>;
  zebraNames: { collection: string; fabric: string } | null;
}

/**
 * Keys already shown elsewhere (size, color, installation, the product or service name) or only
 * meaningful to the price: never printed as raw keys ("Selected color: white").
 */
const HIDDEN_KEYS = new Set([
  "width",
  "height",
  "widthFraction",
  "heightFraction",
  "includeInstallation",
  "productType",
  "selectedColor",
  "serviceType",
]);

const MOTOR_LABELS: Record<string, string> = {
  remote: "Remote",
  smartHome: "Smart home",
  batteryWand: "Battery wand",
};

function humanKey(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[-_]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

function describeValue(key: string, value: unknown, item: SpecItem): string {
  const option = describeOption(key, value);
  if (option) return option.label;
  if (key === "fabricCollection" && typeof value === "string") {
    return item.zebraNames?.collection ?? value;
  }
  if (key === "fabric" && typeof value === "string") {
    return item.zebraNames?.fabric ?? value;
  }
  if (key === "controlType" && typeof value === "string") {
    return oneOf(ZEBRA_CONTROL_TYPES, value) ? ZEBRA_CONTROL_LABELS[value] : value;
  }
  if (key === "mountType" && typeof value === "string") {
    return value === "inside" ? "Inside mount" : value === "outside" ? "Outside mount" : value;
  }
  if (key === "motorOptions" && value && typeof value === "object") {
    const on = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v === true)
      .map(([k]) => MOTOR_LABELS[k] ?? humanKey(k));
    return on.length ? on.join(", ") : "None";
  }
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string" || typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/** The chosen configuration as label/value pairs (zebra collection, fabric, mount, control …). */
export function configurationEntries(item: SpecItem): { label: string; value: string }[] {
  const config = item.configuration;
  const labels: Record<string, string> = {
    fabricCollection: "Collection",
    fabric: "Fabric",
    mountType: "Mount",
    controlType: "Control",
    motorOptions: "Motor options",
    valance: "Valance",
  };
  const entries = Object.entries(config)
    .filter(([key, value]) => !HIDDEN_KEYS.has(key) && value !== null && value !== undefined)
    .filter(([key]) => !(key === "motorOptions" && config.controlType !== "motorized"))
    .map(([key, value]) => ({
      label: labels[key] ?? describeOption(key, value)?.legend ?? humanKey(key),
      value: describeValue(key, value, item),
    }));
  const control = config.controlType;
  const safety = childSafety(
    item.itemType,
    typeof control === "string" && oneOf(ZEBRA_CONTROL_TYPES, control) ? control : undefined,
  );
  if (safety) entries.push({ label: "Child safety", value: safety });
  return entries;
}

/** '36 3/8" W × 48" H'; a service priced by width alone shows the width. */
export function itemSize(item: SpecItem): string {
  return item.height > 0 ? formatSize(item.width, item.height) : `${formatInches(item.width)} W`;
}
