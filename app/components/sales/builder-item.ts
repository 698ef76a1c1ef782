/**
 * One window of the quote builder: the configurators' fields, what the API takes, and the live
 * price from the one pricing module (domain/pricing) with the catalog's context the page got.
 */

import type { MeasuredSize } from "../../../domain/sales/measured-size";
import {
  type DimensionRange,
  PRODUCT_HEIGHT,
  PRODUCT_WIDTH,
  TRACK_WIDTH,
  ZEBRA_HEIGHT,
  ZEBRA_WIDTH,
} from "../../../domain/shared/dimensions";
import { oneOf } from "../../../domain/shared/one-of";
import type { StoredConfiguration } from "../../../domain/shared/schemas";
import { ZEBRA_PRODUCT_ID } from "../../../domain/storefront/catalog";
import { type PricingContext, priceItem } from "../../../domain/storefront/pricing";
import { optionsFor } from "../../../domain/storefront/product-options";
import { ZEBRA_CONTROL_TYPES, type ZebraControlType } from "../../../domain/storefront/zebra";

export type BuilderKind = "blinds" | "zebra" | "track";

export interface BuilderItem {
  key: string;
  kind: BuilderKind;
  productId: number;
  width: number;
  widthFraction: number;
  height: number;
  heightFraction: number;
  color: string;
  options: Record<string, string>;
  collection: string;
  fabric: string;
  mountType: "inside" | "outside";
  controlType: ZebraControlType;
  smartHome: boolean;
  batteryWand: boolean;
  includeInstallation: boolean;
  quantity: number;
  roomLabel: string;
  optional: boolean;
  /** Other tiers offered for the same window (decision 570); an alternative has none. */
  alternatives: BuilderItem[];
  /** The measurements the line came from (decision 573), kept as they were through an edit. */
  measured: MeasuredSize | null;
}

let serial = 0;
export function newItemKey(): string {
  serial += 1;
  return `item-${serial}-${Math.random().toString(36).slice(2, 7)}`;
}

export function blankItem(ctx: PricingContext, roomLabel = ""): BuilderItem {
  const product = ctx.products.find((p) => p.type !== "zebra-shades") ?? ctx.products[0];
  const collection = ctx.zebraCollections[0];
  return {
    key: newItemKey(),
    kind: "blinds",
    productId: product?.id ?? 1,
    width: 36,
    widthFraction: 0,
    height: 48,
    heightFraction: 0,
    color: product?.colors[0]?.key ?? "white",
    options: {},
    collection: collection?.slug ?? "melrose",
    fabric: collection?.fabrics[0]?.slug ?? "cascade",
    mountType: "inside",
    controlType: "cordless",
    smartHome: false,
    batteryWand: false,
    includeInstallation: true,
    quantity: 1,
    roomLabel,
    optional: false,
    alternatives: [],
    measured: null,
  };
}

/** A new alternative for the window: the item's size, room and quantity, to change its product. */
export function alternativeOf(item: BuilderItem): BuilderItem {
  return { ...item, key: newItemKey(), optional: false, alternatives: [] };
}

/** The configurator's ranges for the item's kind (the track has no height). */
export function sizeRanges(item: BuilderItem): {
  width: DimensionRange;
  height: DimensionRange | null;
} {
  if (item.kind === "zebra") return { width: ZEBRA_WIDTH, height: ZEBRA_HEIGHT };
  if (item.kind === "track") return { width: TRACK_WIDTH, height: null };
  return { width: PRODUCT_WIDTH, height: PRODUCT_HEIGHT };
}

/** A size out of the configurator's range, in words; null when the sizes are fine. */
export function sizeProblem(item: BuilderItem): string | null {
  const r = sizeRanges(item);
  if (!Number.isInteger(item.width) || item.width < r.width.min || item.width > r.width.max) {
    return `Width must be ${r.width.min}–${r.width.max} inches.`;
  }
  if (
    r.height &&
    (!Number.isInteger(item.height) || item.height < r.height.min || item.height > r.height.max)
  ) {
    return `Height must be ${r.height.min}–${r.height.max} inches.`;
  }
  return null;
}

function productType(ctx: PricingContext, item: BuilderItem): string {
  return ctx.products.find((p) => p.id === item.productId)?.type ?? "";
}

/** The blinds options of the item's product, each at its chosen value or the default. */
export function chosenOptions(ctx: PricingContext, item: BuilderItem): Record<string, string> {
  const out: Record<string, string> = {};
  for (const def of optionsFor(productType(ctx, item))) {
    out[def.field] = item.options[def.field] ?? def.choices[0]?.value ?? "";
  }
  return out;
}

function zebraConfiguration(item: BuilderItem) {
  return {
    width: item.width,
    height: item.height,
    widthFraction: item.widthFraction,
    heightFraction: item.heightFraction,
    fabricCollection: item.collection,
    fabric: item.fabric,
    mountType: item.mountType,
    controlType: item.controlType,
    motorOptions: {
      remote: true,
      smartHome: item.controlType === "motorized" && item.smartHome,
      batteryWand: item.controlType === "motorized" && item.batteryWand,
    },
    valance: true,
    includeInstallation: item.includeInstallation,
  };
}

/**
 * The item as POST /api/admin/quotes takes it, with its alternatives (which take the item's
 * room and whether it is optional).
 */
export function toWireItem(ctx: PricingContext, item: BuilderItem): Record<string, unknown> {
  const alternatives = item.alternatives.map((a) => {
    const {
      roomLabel: _r,
      optional: _o,
      alternatives: _a,
      measured: _m,
      ...wire
    } = toWireItem(ctx, a);
    return wire;
  });
  return {
    ...wireFields(ctx, item),
    roomLabel: item.roomLabel.trim() || null,
    optional: item.optional,
    ...(alternatives.length ? { alternatives } : {}),
    ...(item.measured ? { measured: item.measured } : {}),
  };
}

function wireFields(ctx: PricingContext, item: BuilderItem): Record<string, unknown> {
  const common = { quantity: item.quantity };
  if (item.kind === "track") {
    return { ...common, serviceType: "track-replacement", width: item.width + item.widthFraction };
  }
  if (item.kind === "zebra") {
    return { ...common, productId: ZEBRA_PRODUCT_ID, configuration: zebraConfiguration(item) };
  }
  return {
    ...common,
    productId: item.productId,
    width: item.width + item.widthFraction,
    height: item.height + item.heightFraction,
    selectedColor: item.color,
    includeInstallation: item.includeInstallation,
    configuration: chosenOptions(ctx, item),
  };
}

/** The price of one piece, or null when the item can't be priced as it stands. */
export function unitPrice(ctx: PricingContext, item: BuilderItem): number | null {
  if (sizeProblem(item)) return null;
  let configuration: StoredConfiguration;
  if (item.kind === "track") {
    configuration = {
      type: "track",
      serviceType: "track-replacement",
      width: item.width + item.widthFraction,
    };
    return priceItem(ctx, { productId: null, configuration })?.unitCents ?? null;
  }
  if (item.kind === "zebra") {
    configuration = { type: "zebra", ...zebraConfiguration(item) };
    return priceItem(ctx, { productId: ZEBRA_PRODUCT_ID, configuration })?.unitCents ?? null;
  }
  configuration = {
    type: "blinds",
    productType: productType(ctx, item),
    width: item.width + item.widthFraction,
    height: item.height + item.heightFraction,
    selectedColor: item.color,
    includeInstallation: item.includeInstallation,
    ...chosenOptions(ctx, item),
  };
  return priceItem(ctx, { productId: item.productId, configuration })?.unitCents ?? null;
}

/** A stored quote item (the API's view) back into the builder's fields. */
export function fromWireItem(
  ctx: PricingContext,
  wire: WireItem & {
    alternatives?: readonly Omit<WireItem, "optional">[];
    measured?: MeasuredSize | null;
  },
): BuilderItem {
  return {
    ...fromWireFields(ctx, wire),
    measured: wire.measured ?? null,
    alternatives: (wire.alternatives ?? []).map((a) => ({
      ...fromWireFields(ctx, { ...a, optional: false, roomLabel: wire.roomLabel }),
      alternatives: [],
    })),
  };
}

interface WireItem {
  productId?: number | null;
  itemType: string;
  width: number;
  height: number;
  selectedColor: string;
  includeInstallation: boolean;
  quantity: number;
  roomLabel: string | null;
  optional: boolean;
  configuration: Record<string, unknown>;
}

function fromWireFields(ctx: PricingContext, wire: WireItem): BuilderItem {
  const base = blankItem(ctx, wire.roomLabel ?? "");
  const whole = (v: number) => Math.floor(v);
  const frac = (v: number) => Math.round((v - Math.floor(v)) * 8) / 8;
  const c = wire.configuration;
  const common = {
    ...base,
    width: whole(wire.width),
    widthFraction: frac(wire.width),
    height: whole(wire.height),
    heightFraction: frac(wire.height),
    includeInstallation: wire.includeInstallation,
    quantity: wire.quantity,
    optional: wire.optional,
  };
  if (wire.itemType === "track-replacement") return { ...common, kind: "track" };
  if (wire.itemType === "zebra-shades") {
    const motor: Record<string, unknown> =
      typeof c.motorOptions === "object" && c.motorOptions !== null ? { ...c.motorOptions } : {};
    return {
      ...common,
      kind: "zebra",
      collection: String(c.fabricCollection ?? base.collection),
      fabric: String(c.fabric ?? base.fabric),
      mountType: c.mountType === "outside" ? "outside" : "inside",
      controlType: oneOf(ZEBRA_CONTROL_TYPES, c.controlType) ? c.controlType : "cordless",
      smartHome: motor.smartHome === true,
      batteryWand: motor.batteryWand === true,
    };
  }
  const options: Record<string, string> = {};
  for (const [k, v] of Object.entries(c)) if (typeof v === "string") options[k] = v;
  return {
    ...common,
    kind: "blinds",
    productId: wire.productId ?? base.productId,
    color: wire.selectedColor,
    options,
  };
}
