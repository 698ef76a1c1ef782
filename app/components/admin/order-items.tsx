import { Fragment } from "react";
import { formatInches, formatSize } from "../../../domain/dimensions";
import { formatMoney } from "../../../domain/money";
import { oneOf } from "../../../domain/one-of";
import { describeOption } from "../../../domain/product-options";
import { ZEBRA_CONTROL_LABELS, ZEBRA_CONTROL_TYPES } from "../../../domain/zebra";
import type { AdminOrderItem } from "../../../server/services/orders/admin-orders";

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

function describeValue(key: string, value: unknown, item: AdminOrderItem): string {
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
export function configurationEntries(item: AdminOrderItem): { label: string; value: string }[] {
  const config = item.configuration;
  const labels: Record<string, string> = {
    fabricCollection: "Collection",
    fabric: "Fabric",
    mountType: "Mount",
    controlType: "Control",
    motorOptions: "Motor options",
    valance: "Valance",
  };
  return Object.entries(config)
    .filter(([key, value]) => !HIDDEN_KEYS.has(key) && value !== null && value !== undefined)
    .filter(([key]) => !(key === "motorOptions" && config.controlType !== "motorized"))
    .map(([key, value]) => ({
      label: labels[key] ?? describeOption(key, value)?.legend ?? humanKey(key),
      value: describeValue(key, value, item),
    }));
}

/** '36 3/8" W × 48" H'; a service priced by width alone shows the width. */
export function itemSize(item: AdminOrderItem): string {
  return item.height > 0 ? formatSize(item.width, item.height) : `${formatInches(item.width)} W`;
}

/** "Yes ($95.00)", "Included in the price" (services), or "No (delivery only)". */
export function installationWords(item: AdminOrderItem): string {
  if (!item.includeInstallation) return "No (delivery only)";
  if (item.serviceId !== null || item.installationCents === 0) return "Included in the price";
  return `Yes (${formatMoney(item.installationCents)})`;
}

/** Every item of an order with its full configuration, room and price. */
export function OrderItems({ items }: { items: AdminOrderItem[] }) {
  return (
    <ol className="space-y-4">
      {items.map((item) => (
        <li key={item.id} className="rounded-lg border border-line p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold">
              {item.productName}
              {item.roomLabel ? (
                <span className="font-normal text-muted"> · {item.roomLabel}</span>
              ) : null}
            </h3>
            <p className="font-semibold">{formatMoney(item.lineCents)}</p>
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Room</dt>
            <dd>{item.roomLabel ?? "Not given"}</dd>
            <dt className="text-muted">Size</dt>
            <dd>{itemSize(item)}</dd>
            {item.colorName ? (
              <>
                <dt className="text-muted">Color</dt>
                <dd>{item.colorName}</dd>
              </>
            ) : null}
            {configurationEntries(item).map((entry) => (
              <Fragment key={entry.label}>
                <dt className="text-muted">{entry.label}</dt>
                <dd>{entry.value}</dd>
              </Fragment>
            ))}
            <dt className="text-muted">Quantity</dt>
            <dd>{item.quantity}</dd>
            <dt className="text-muted">Installation</dt>
            <dd>{installationWords(item)}</dd>
            <dt className="text-muted">Unit price</dt>
            <dd>{formatMoney(item.unitCents)}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
