/**
 * "From $X": the price of the smallest size without
 * installation, computed by the pricing engine from the catalog's rates, never typed.
 */
import {
  PRODUCT_HEIGHT,
  PRODUCT_WIDTH,
  TRACK_WIDTH,
  ZEBRA_HEIGHT,
  ZEBRA_WIDTH,
} from "../shared/dimensions";
import { formatMoney } from "../shared/money";
import { calculateBlindsPrice, calculateTrackPrice, type ProductPricing } from "./pricing";

/** Smallest blind or shutter (zebra: the base fabric, cordless) without installation. */
export function productFromCents(type: string, pricing: ProductPricing): number {
  const [width, height] =
    type === "zebra-shades"
      ? [ZEBRA_WIDTH.min, ZEBRA_HEIGHT.min]
      : [PRODUCT_WIDTH.min, PRODUCT_HEIGHT.min];
  // Without installation the tiers play no part.
  return calculateBlindsPrice({ ...pricing, installationTiers: [] }, width, height, false)
    .totalCents;
}

/** Track replacement at its narrowest width (12 in × the rate per inch). */
export function trackFromCents(pricePerInchCents: number): number {
  return calculateTrackPrice(TRACK_WIDTH.min, pricePerInchCents).totalCents;
}

/** 3900 → "$39"; 3950 → "$39.50": the amount of a "From" price. */
export function fromPriceAmount(cents: number): string {
  const money = formatMoney(cents);
  return cents % 100 === 0 ? money.replace(/\.00$/, "") : money;
}

/** 3900 → "From $39"; 3950 → "From $39.50". */
export function formatFromPrice(cents: number): string {
  return `From ${fromPriceAmount(cents)}`;
}
