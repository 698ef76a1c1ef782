/** Sizes: whole inches plus an eighth-inch fraction. Exact sizes are kept as integer eighths. */

export const FRACTIONS = [0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875] as const;

export const FRACTION_LABELS: Record<number, string> = {
  0: '0"',
  0.125: "1/8",
  0.25: "1/4",
  0.375: "3/8",
  0.5: "1/2",
  0.625: "5/8",
  0.75: "3/4",
  0.875: "7/8",
};

export function isEighth(value: number): boolean {
  return Number.isFinite(value) && Number.isInteger(value * 8);
}

/** 36.375 → 291 eighths. */
export function toEighths(inches: number): number {
  return Math.round(inches * 8);
}

export function fromEighths(eighths: number): number {
  return eighths / 8;
}

/** Split 36.375 into { whole: 36, fraction: 0.375 }. */
export function splitInches(inches: number): { whole: number; fraction: number } {
  const eighths = toEighths(inches);
  const whole = Math.floor(eighths / 8);
  return { whole, fraction: (eighths - whole * 8) / 8 };
}

/** 36.375 → '36 3/8"'; 36 → '36"'. */
export function formatInches(inches: number): string {
  const { whole, fraction } = splitInches(inches);
  if (fraction === 0) return `${whole}"`;
  const eighths = fraction * 8;
  let num = eighths;
  let den = 8;
  while (num % 2 === 0) {
    num /= 2;
    den /= 2;
  }
  return `${whole} ${num}/${den}"`;
}

/** '36 3/8" W × 48" H' */
export function formatSize(width: number, height: number): string {
  return `${formatInches(width)} W × ${formatInches(height)} H`;
}

export interface DimensionRange {
  min: number;
  max: number;
}

/** Ranges apply to the whole-inch part. */
export const PRODUCT_WIDTH: DimensionRange = { min: 12, max: 192 };
export const PRODUCT_HEIGHT: DimensionRange = { min: 12, max: 120 };
export const ZEBRA_WIDTH: DimensionRange = { min: 12, max: 96 };
export const ZEBRA_HEIGHT: DimensionRange = { min: 12, max: 108 };
export const TRACK_WIDTH: DimensionRange = { min: 12, max: 192 };
export const TRACK_HEIGHT: DimensionRange = { min: 12, max: 120 };

export function inRange(whole: number, range: DimensionRange): boolean {
  return Number.isFinite(whole) && whole >= range.min && whole <= range.max;
}
