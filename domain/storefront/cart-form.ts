/**
 * Add to Cart without JavaScript: the configurator is a real form whose fields
 * carry the wire names of POST /api/cart; the page's action turns the posted text into the same
 * cart item the browser would send, and the cart service validates and prices it as always.
 * Sizes are read by the storefront's parser (domain/size-input.ts), so "36 1/2" posted works.
 */

import {
  type DimensionRange,
  PRODUCT_HEIGHT,
  PRODUCT_WIDTH,
  TRACK_HEIGHT,
  TRACK_WIDTH,
  ZEBRA_HEIGHT,
  ZEBRA_WIDTH,
} from "../shared/dimensions";
import { combineSize, type ParsedSize, type SizeValue, sizeValue } from "../shared/size-input";
import { ZEBRA_PRODUCT_ID } from "./catalog";
import { optionsFor } from "./product-options";

export type FormValues = Record<string, string | undefined>;

export type CartFormResult =
  | { ok: true; item: Record<string, unknown> }
  | { ok: false; fieldErrors: Record<string, string> };

function size(values: FormValues, name: string, range: DimensionRange, label: string): ParsedSize {
  return combineSize(values[name] ?? "", Number(values[`${name}Fraction`] ?? 0), range, label);
}

function checked(values: FormValues, name: string): boolean {
  const v = values[name];
  return v === "on" || v === "true" || v === "1";
}

/** Width required, height optional (a track replacement): an empty height is no refusal. */
function sizes(
  values: FormValues,
  width: DimensionRange,
  height: DimensionRange,
):
  | { ok: true; width: ParsedSize & { ok: true }; height: (ParsedSize & { ok: true }) | null }
  | { ok: false; fieldErrors: Record<string, string> } {
  const w = size(values, "width", width, "Width");
  const h = size(values, "height", height, "Height");
  const fieldErrors: Record<string, string> = {};
  if (!w.ok) fieldErrors.width = w.message;
  if (!h.ok && h.problem !== "empty") fieldErrors.height = h.message;
  if (!w.ok || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, width: w, height: h.ok ? h : null };
}

type ReadSize = ParsedSize & { ok: true };

/** Width and height, both required: both read, or each refusal at its field. */
function bothSizes(
  values: FormValues,
  width: DimensionRange,
  height: DimensionRange,
):
  | { ok: true; width: ReadSize; height: ReadSize }
  | { ok: false; fieldErrors: Record<string, string> } {
  const w = size(values, "width", width, "Width");
  const h = size(values, "height", height, "Height");
  if (w.ok && h.ok) return { ok: true, width: w, height: h };
  const fieldErrors: Record<string, string> = {};
  if (!w.ok) fieldErrors.width = w.message;
  if (!h.ok) fieldErrors.height = h.message;
  return { ok: false, fieldErrors };
}

/** A size as a cart item's configuration holds it: whole inches and the fraction, each. */
export function sizeConfiguration(width: SizeValue, height: SizeValue | null) {
  return {
    width: width.whole,
    widthFraction: width.fraction,
    ...(height ? { height: height.whole, heightFraction: height.fraction } : {}),
  };
}

/** A blinds or shutters product page's form. */
export function productCartItemFromForm(
  values: FormValues,
  product: { id: number; type: string },
): CartFormResult {
  const s = bothSizes(values, PRODUCT_WIDTH, PRODUCT_HEIGHT);
  if (!s.ok) return s;
  const height = s.height;
  const options: Record<string, string> = {};
  for (const def of optionsFor(product.type)) {
    const v = values[def.field];
    if (v !== undefined && v !== "") options[def.field] = v;
  }
  const color = values.selectedColor ?? "";
  return {
    ok: true,
    item: {
      productId: product.id,
      width: s.width.inches,
      height: height.inches,
      selectedColor: color,
      includeInstallation: checked(values, "includeInstallation"),
      quantity: 1,
      roomLabel: values.roomLabel ?? null,
      configuration: {
        ...sizeConfiguration(sizeValue(s.width), sizeValue(height)),
        color,
        ...options,
      },
    },
  };
}

/** The zebra page's form (every tab's fields are in it). */
export function zebraCartItemFromForm(values: FormValues): CartFormResult {
  const s = bothSizes(values, ZEBRA_WIDTH, ZEBRA_HEIGHT);
  if (!s.ok) return s;
  const height = s.height;
  return {
    ok: true,
    item: {
      productId: ZEBRA_PRODUCT_ID,
      quantity: 1,
      roomLabel: values.roomLabel ?? null,
      configuration: {
        ...sizeConfiguration(sizeValue(s.width), sizeValue(height)),
        fabricCollection: values.fabricCollection ?? "",
        fabric: values.fabric ?? "",
        mountType: values.mountType || undefined,
        controlType: values.controlType ?? "",
        motorOptions: {
          remote: true,
          smartHome: checked(values, "smartHome"),
          batteryWand: checked(values, "batteryWand"),
        },
        valance: checked(values, "valance"),
        includeInstallation: checked(values, "includeInstallation"),
      },
    },
  };
}

/** The track replacement page's form: the width prices it; the height is optional. */
export function trackCartItemFromForm(values: FormValues): CartFormResult {
  const s = sizes(values, TRACK_WIDTH, TRACK_HEIGHT);
  if (!s.ok) return s;
  return {
    ok: true,
    item: {
      serviceType: "track-replacement",
      width: s.width.inches,
      ...(s.height ? { height: s.height.inches } : {}),
      includeInstallation: true,
      quantity: 1,
      roomLabel: values.roomLabel ?? null,
      configuration: sizeConfiguration(sizeValue(s.width), s.height && sizeValue(s.height)),
    },
  };
}
