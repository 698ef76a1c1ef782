/**
 * Sizes as a shopper reads them in each language: English '36 3/8"' and '36 3/8" W × 48" H' (the
 * store's own formatInches/formatSize), Spanish "36 ⅜ pulg." and "36 ⅜ × 48 pulg. (ancho × alto)",
 * the way measurements in inches are written in Spanish in the United States.
 */
import { formatInches, formatSize, splitInches } from "../shared/dimensions";
import type { Language } from "./language";

const FRACTION: Readonly<Record<number, string>> = {
  1: "⅛",
  2: "¼",
  3: "⅜",
  4: "½",
  5: "⅝",
  6: "¾",
  7: "⅞",
};

/** "12 ⅛" from 12.125: the number alone, in Spanish's fraction signs. */
function spanishNumber(inches: number): string {
  const { whole, fraction } = splitInches(inches);
  const sign = FRACTION[Math.round(fraction * 8)];
  return sign ? `${whole} ${sign}` : String(whole);
}

export function inchesIn(language: Language, inches: number): string {
  return language === "es" ? `${spanishNumber(inches)} pulg.` : formatInches(inches);
}

export function sizeIn(language: Language, width: number, height: number): string {
  return language === "es"
    ? `${spanishNumber(width)} × ${spanishNumber(height)} pulg. (ancho × alto)`
    : formatSize(width, height);
}
