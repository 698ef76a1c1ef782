/**
 * The quote builder's size fields read what the office types the way the storefront does
 * (domain/shared/size-input.ts): "35 1/4", "35.25", "35-1/4" or "35" with the eighths menu. A
 * number input kept only digits, so "35 1/4" typed over "36" became 363514.
 */
import type { DimensionRange } from "../../../domain/shared/dimensions";
import { combineSize, sizeValue } from "../../../domain/shared/size-input";

export type BuilderSize =
  | { ok: true; whole: number; fraction: number }
  | { ok: false; message: string };

/** The typed text with the menu's fraction → whole inches and the eighths, or why not. */
export function readBuilderSize(
  text: string,
  menuFraction: number,
  range: DimensionRange,
  label: string,
): BuilderSize {
  const parsed = combineSize(text, menuFraction, range, label);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const { whole, fraction } = sizeValue(parsed);
  return { ok: true, whole, fraction };
}
