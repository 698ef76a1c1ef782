/**
 * The cart line's Edit link: back to the item's configurator with every choice
 * filled, under the form's field names, and `replace` naming the line so saving swaps it.
 */

import { splitInches } from "../shared/dimensions";
import { propertyOf } from "../shared/property-of";
import { ZEBRA_PRODUCT_ID } from "./catalog";
import { OPTION_FIELDS } from "./product-options";

export interface EditableItem {
  id: number;
  productId: number | null;
  serviceType: string | null;
  itemType: string;
  width: number;
  height: number;
  selectedColor: string;
  includeInstallation: boolean;
  roomLabel: string | null;
  configuration: Record<string, unknown>;
}

function sizeParams(p: URLSearchParams, name: string, inches: number) {
  const { whole, fraction } = splitInches(inches);
  p.set(name, String(whole));
  if (fraction) p.set(`${name}Fraction`, String(fraction));
}

export function cartEditHref(item: EditableItem): string | null {
  const p = new URLSearchParams();
  const c = item.configuration;
  let path: string;
  if (item.serviceType === "track-replacement") {
    path = "/track-replacement";
    sizeParams(p, "width", item.width);
    if (typeof c.height === "number") sizeParams(p, "height", c.height);
  } else if (item.productId === ZEBRA_PRODUCT_ID) {
    path = "/zebra-shades";
    for (const k of [
      "width",
      "widthFraction",
      "height",
      "heightFraction",
      "fabricCollection",
      "fabric",
      "mountType",
      "controlType",
    ]) {
      if (c[k] !== undefined) p.set(k, String(c[k]));
    }
    if (propertyOf(c.motorOptions, "smartHome")) p.set("smartHome", "on");
    if (propertyOf(c.motorOptions, "batteryWand")) p.set("batteryWand", "on");
    p.set("valance", c.valance === false ? "off" : "on");
    if (c.includeInstallation) p.set("includeInstallation", "on");
  } else if (item.productId !== null) {
    path = `/product/${item.itemType}`;
    sizeParams(p, "width", item.width);
    sizeParams(p, "height", item.height);
    p.set("selectedColor", item.selectedColor);
    for (const f of OPTION_FIELDS) {
      const value = c[f];
      if (typeof value === "string") p.set(f, value);
    }
    if (item.includeInstallation) p.set("includeInstallation", "on");
  } else {
    return null;
  }
  if (item.roomLabel) p.set("roomLabel", item.roomLabel);
  p.set("replace", String(item.id));
  return `${path}?${p.toString()}`;
}
