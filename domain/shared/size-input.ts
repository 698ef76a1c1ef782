/**
 * What a shopper or a staff member types into a size field: "36", "36.5",
 * "36 1/2", "36-1/2", "36½", '36 1/2"', "36 in". Pure, so the product pages, the no-JavaScript
 * Add to Cart, the API and the back office's adjustment form read sizes the same way.
 * Sizes are kept to the eighth of an inch; the range applies to the whole-inch part
 *.
 */
import type { DimensionRange } from "./dimensions";

export type SizeProblem = "empty" | "format" | "eighth" | "range";

/** A size as the configurators hold it: whole inches and the eighths as a fraction (0.375). */
export interface SizeValue {
  whole: number;
  fraction: number;
}

export type ParsedSize =
  | { ok: true; whole: number; eighths: number; inches: number; hasFraction: boolean }
  | { ok: false; problem: SizeProblem; message: string };

const UNICODE_FRACTIONS: Record<string, string> = {
  "⅛": "1/8",
  "¼": "1/4",
  "⅜": "3/8",
  "½": "1/2",
  "⅝": "5/8",
  "¾": "3/4",
  "⅞": "7/8",
};

/** Digits of a whole number, then optionally a decimal part or a fraction, then a unit. */
const PATTERN =
  /^(\d{1,4})(?:(\.\d+)|(?:\s+|\s*-\s*|\s*\+\s*)?(\d{1,2})\s*\/\s*(\d{1,2}))?\s*(?:"|''|in\.?|inch|inches)?$/i;

/**
 * Parses `raw` for a field called `label` (used in the messages). Eighths only: 36.3 is refused
 * with the nearest eighths named, never rounded silently.
 */
export function parseSizeInput(raw: string, range: DimensionRange, label = "Size"): ParsedSize {
  let text = raw.trim().replace(/\s+/g, " ");
  for (const [glyph, fraction] of Object.entries(UNICODE_FRACTIONS)) {
    text = text.replace(new RegExp(`\\s*-?\\s*${glyph}`), ` ${fraction}`);
  }
  text = text.trim();
  const rangeText = `${range.min} to ${range.max} inches`;
  if (!text) {
    return {
      ok: false,
      problem: "empty",
      message: `Enter the ${label.toLowerCase()} (${rangeText}).`,
    };
  }
  const m = PATTERN.exec(text);
  if (!m) {
    return {
      ok: false,
      problem: "format",
      message: `${label}: type inches like 36, 36.5 or 36 1/2.`,
    };
  }
  const whole = Number(m[1]);
  let eighthsPart = 0;
  if (m[2] !== undefined) {
    const frac = Number(`0${m[2]}`);
    const e = frac * 8;
    if (Math.abs(e - Math.round(e)) > 1e-9) {
      const lower = Math.floor(e);
      return {
        ok: false,
        problem: "eighth",
        message: `${label}: we make sizes to the 1/8 inch; try ${sizeText(whole, lower)} or ${sizeText(whole, lower + 1)}.`,
      };
    }
    eighthsPart = Math.round(e);
  } else if (m[3] !== undefined && m[4] !== undefined) {
    const num = Number(m[3]);
    const den = Number(m[4]);
    const e = den === 0 ? Number.NaN : (num * 8) / den;
    if (!Number.isInteger(e) || num >= den) {
      return {
        ok: false,
        problem: num >= den || den === 0 ? "format" : "eighth",
        message:
          num >= den || den === 0
            ? `${label}: the fraction must be less than 1, like 1/2 or 7/8.`
            : `${label}: we make sizes to the 1/8 inch (1/8, 1/4, 3/8 … 7/8).`,
      };
    }
    eighthsPart = e;
  }
  if (whole < range.min || whole > range.max) {
    return {
      ok: false,
      problem: "range",
      message: `${label} must be from ${rangeText}; ${sizeText(whole, eighthsPart)} is outside it.`,
    };
  }
  return {
    ok: true,
    whole,
    eighths: whole * 8 + eighthsPart,
    inches: whole + eighthsPart / 8,
    hasFraction: m[2] !== undefined || m[3] !== undefined,
  };
}

/** 36, 4 → '36 1/2"'. */
function sizeText(whole: number, eighths: number): string {
  let w = whole;
  let e = eighths;
  if (e >= 8) {
    w += Math.floor(e / 8);
    e %= 8;
  }
  if (e === 0) return `${w}"`;
  let num = e;
  let den = 8;
  while (num % 2 === 0) {
    num /= 2;
    den /= 2;
  }
  return `${w} ${num}/${den}"`;
}

/** A size that parsed, as whole inches and a fraction. */
export function sizeValue(parsed: { whole: number; eighths: number }): SizeValue {
  return { whole: parsed.whole, fraction: (parsed.eighths % 8) / 8 };
}

/**
 * A size field's typed text combined with its eighths menu: a fraction typed in the text wins
 * (the menu then shows it); whole inches take the menu's fraction.
 */
export function combineSize(
  raw: string,
  menuFraction: number,
  range: DimensionRange,
  label = "Size",
): ParsedSize {
  const parsed = parseSizeInput(raw, range, label);
  if (!parsed.ok || parsed.hasFraction) return parsed;
  const menuEighths = Math.round(menuFraction * 8);
  if (!Number.isInteger(menuFraction * 8) || menuEighths < 0 || menuEighths > 7) {
    return { ok: false, problem: "eighth", message: `${label}: choose a fraction from the menu.` };
  }
  return {
    ...parsed,
    eighths: parsed.whole * 8 + menuEighths,
    inches: parsed.whole + menuEighths / 8,
  };
}
