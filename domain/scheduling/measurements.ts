/**
 * Measuring each window on a measurement visit (decision 524): three widths and three heights
 * as measured, and the ordering size the trade's rule takes from them. The store deducts
 * nothing (the fabricator does).
 */
import { z } from "zod";
import {
  type DimensionRange,
  isEighth,
  PRODUCT_HEIGHT,
  PRODUCT_WIDTH,
  ZEBRA_HEIGHT,
  ZEBRA_WIDTH,
} from "../shared/dimensions";
import { PRODUCT_TYPES, type ProductType } from "../storefront/catalog";

export const MOUNTS = ["inside", "outside"] as const;
export type Mount = (typeof MOUNTS)[number];
export type MeasurementFlag = "shallow" | "out-of-range";

export function isMeasurementFlag(word: string): word is MeasurementFlag {
  return word === "shallow" || word === "out-of-range";
}
/** A visit's windows at the most (as many as a cart holds). */
export const MEASURED_WINDOWS_MAX = 50;

/** An inside mount needs this much depth in the window well (inches). */
export const MIN_INSIDE_DEPTH: Readonly<Record<ProductType, number>> = {
  vinyl: 3,
  fabric: 3,
  aluminum: 1.5,
  "zebra-shades": 3,
  "standard-shutters": 2.5,
  "bypass-shutters": 4,
};

/** Inside mount: these hang to the sill, so the longest height is ordered (else the shortest). */
const HANGS_TO_SILL: ReadonlySet<string> = new Set(["zebra-shades", "aluminum"]);

function rangeOf(type: ProductType): { width: DimensionRange; height: DimensionRange } {
  return type === "zebra-shades"
    ? { width: ZEBRA_WIDTH, height: ZEBRA_HEIGHT }
    : { width: PRODUCT_WIDTH, height: PRODUCT_HEIGHT };
}

/** As the configurators read a size against a range: the whole inches (192 7/8 is 192). */
function within(size: number, range: DimensionRange): boolean {
  const whole = Math.floor(size + 1e-9);
  return whole >= range.min && whole <= range.max;
}

export interface MeasuredWindow {
  productType: ProductType | null;
  mount: Mount;
  /** Top, middle, bottom. */
  widths: readonly [number, number, number];
  /** Left, center, right. */
  heights: readonly [number, number, number];
  depth: number | null;
}

/** A measured window as the API answers it (decimal inches). */
export interface MeasuredWindowView {
  id: number;
  room: string;
  productType: ProductType | null;
  mount: Mount;
  widths: [number, number, number];
  heights: [number, number, number];
  depth: number | null;
  note: string | null;
  orderWidth: number;
  orderHeight: number;
  flags: MeasurementFlag[];
}

export interface OrderingSize {
  orderWidth: number;
  orderHeight: number;
  flags: MeasurementFlag[];
}

/**
 * Inside mount: the narrowest width, and the shortest height (verticals, shutters, and a window
 * whose product is not chosen yet) or the longest (zebra shades, aluminum blinds). Outside mount:
 * the widest and the tallest.
 */
export function orderingSize(w: MeasuredWindow): OrderingSize {
  const inside = w.mount === "inside";
  const orderWidth = inside ? Math.min(...w.widths) : Math.max(...w.widths);
  const longest = !inside || (w.productType !== null && HANGS_TO_SILL.has(w.productType));
  const orderHeight = longest ? Math.max(...w.heights) : Math.min(...w.heights);
  const flags: MeasurementFlag[] = [];
  if (w.productType) {
    if (inside && w.depth !== null && w.depth < MIN_INSIDE_DEPTH[w.productType]) {
      flags.push("shallow");
    }
    const range = rangeOf(w.productType);
    if (!within(orderWidth, range.width) || !within(orderHeight, range.height)) {
      flags.push("out-of-range");
    }
  }
  return { orderWidth, orderHeight, flags };
}

const measured = (label: string) =>
  z
    .number({ error: `${label} must be a number of inches` })
    .positive(`${label} must be more than 0 inches`)
    .max(300, `${label} must be at most 300 inches`)
    .refine(isEighth, `${label} must be in eighths of an inch (e.g. 35.25)`);

const three = (label: string, parts: string) =>
  z.tuple([measured(label), measured(label), measured(label)], {
    error: `${label}s must be three measurements (${parts})`,
  });

export const measuredWindowSchema = z.object({
  room: z
    .string({ error: "room must name the room, such as Kitchen" })
    .trim()
    .min(1, "room must name the room, such as Kitchen")
    .max(60, "room must be at most 60 characters"),
  productType: z
    .enum(PRODUCT_TYPES, { error: `productType must be one of ${PRODUCT_TYPES.join(", ")}` })
    .nullish()
    .transform((v) => v ?? null),
  mount: z.enum(MOUNTS, { error: "mount must be inside or outside" }),
  widths: three("width", "top, middle, bottom"),
  heights: three("height", "left, center, right"),
  depth: measured("depth")
    .nullish()
    .transform((v) => v ?? null),
  note: z
    .string()
    .trim()
    .max(500, "note must be at most 500 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type MeasuredWindowInput = z.output<typeof measuredWindowSchema>;

export const measurementsSchema = z.object({
  windows: z
    .array(measuredWindowSchema, { error: "windows must be a list of measured windows" })
    .max(MEASURED_WINDOWS_MAX, `a visit records at most ${MEASURED_WINDOWS_MAX} windows`),
});
