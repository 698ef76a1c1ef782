/**
 * The pricing engine, shared by the browser (live price) and the
 * server (the authority). Integer cents inside; each component rounded half up to the cent;
 * totals are sums of rounded components.
 *
 * Every rate comes from a PricingContext, which the server builds from the catalog's rows
 * (server/services/storefront/catalog.ts): products with their rates, minimums and colours, zebra
 * collections and fabrics, zebra option upcharges, installation tiers and the track rate.
 * Pages hand the slice they need to the browser; the price API, the cart, the order and the
 * admin price with the same context, so one rate change moves them all together.
 */

import { centsToAmount, roundCents } from "../shared/money";
import type { StoredConfiguration, ZebraConfiguration } from "../shared/schemas";
import type { ColorInfo } from "./colors";
import { findSoldZebraFabric, type ZebraCollection, type ZebraControlType } from "./zebra";

export interface ProductPricing {
  rateCentsPerSqFt: number;
  minimumCents: number;
}

/** Installation per unit for widths up to `maxWidthInches` (null: any wider). */
export interface InstallationTier {
  maxWidthInches: number | null;
  cents: number;
}

export interface ZebraOptionRates {
  controlUpchargeCents: Record<ZebraControlType, number>;
  motorUpchargeCents: { smartHome: number; batteryWand: number };
}

export interface PricingProduct extends ProductPricing {
  id: number;
  type: string;
  name: string;
  /** The product's colours, in display order, with names and swatches from the colors table. */
  colors: readonly ColorInfo[];
}

export interface PricingService {
  id: number;
  type: string;
  name: string;
  /** Price per inch of width, installed, in cents. */
  pricePerInchCents: number;
}

/** Everything a price depends on, as the catalog's rows hold it. */
export interface PricingContext {
  products: readonly PricingProduct[];
  zebraCollections: readonly ZebraCollection[];
  zebraOptions: ZebraOptionRates;
  installationTiers: readonly InstallationTier[];
  services: readonly PricingService[];
  /** Every colour the catalog knows (names for stored items whose product has changed). */
  colors: readonly ColorInfo[];
}

/** What the browser's live price of a blinds or shutters page needs. */
export interface BlindsRates extends ProductPricing {
  installationTiers: readonly InstallationTier[];
}

/** What the browser's live price of the zebra page needs. */
export interface ZebraRates extends ProductPricing, ZebraOptionRates {
  collections: readonly ZebraCollectionRate[];
  installationTiers: readonly InstallationTier[];
}

/** A collection's per-square-foot upcharge. */
export interface ZebraCollectionRate {
  slug: string;
  upchargeCentsPerSqFt: number;
}

/** Square feet of a window: w × h / 144, sizes in (fractional) inches. */
export function areaSqFt(width: number, height: number): number {
  return (width * height) / 144;
}

/** Installation per unit: the first tier whose maximum width is at least `width`. */
export function installationCents(tiers: readonly InstallationTier[], width: number): number {
  const tier = tiers.find((t) => t.maxWidthInches === null || width <= t.maxWidthInches);
  if (!tier) throw new RangeError(`No installation tier for width ${width}`);
  return tier.cents;
}

export interface BlindsPrice {
  blindsCents: number;
  installationCents: number;
  totalCents: number;
}

export function calculateBlindsPrice(
  rates: BlindsRates,
  width: number,
  height: number,
  includeInstallation: boolean,
): BlindsPrice {
  const blindsCents = Math.max(
    rates.minimumCents,
    roundCents(areaSqFt(width, height) * rates.rateCentsPerSqFt),
  );
  const install = includeInstallation ? installationCents(rates.installationTiers, width) : 0;
  return { blindsCents, installationCents: install, totalCents: blindsCents + install };
}

export interface ZebraMotorOptions {
  remote: boolean;
  smartHome: boolean;
  batteryWand: boolean;
}

export interface ZebraPriceInput {
  /** Exact width and height in inches, fractions included. */
  width: number;
  height: number;
  fabricCollection: string;
  controlType: ZebraControlType;
  motorOptions: ZebraMotorOptions;
  includeInstallation: boolean;
}

export interface ZebraPrice {
  /** Exact area in square feet (report it rounded to 2 decimals). */
  areaSqFt: number;
  blindsCents: number;
  fabricUpchargeCents: number;
  controlUpchargeCents: number;
  motorUpchargeCents: number;
  installationCents: number;
  totalCents: number;
}

export function calculateZebraPrice(rates: ZebraRates, input: ZebraPriceInput): ZebraPrice {
  const collection = rates.collections.find((c) => c.slug === input.fabricCollection);
  if (!collection) throw new RangeError(`Unknown zebra collection: ${input.fabricCollection}`);
  const area = areaSqFt(input.width, input.height);
  const blindsCents = Math.max(rates.minimumCents, roundCents(area * rates.rateCentsPerSqFt));
  const fabricUpchargeCents = roundCents(area * collection.upchargeCentsPerSqFt);
  const controlUpchargeCents = rates.controlUpchargeCents[input.controlType];
  const motorUpchargeCents =
    input.controlType === "motorized"
      ? (input.motorOptions.smartHome ? rates.motorUpchargeCents.smartHome : 0) +
        (input.motorOptions.batteryWand ? rates.motorUpchargeCents.batteryWand : 0)
      : 0;
  const install = input.includeInstallation
    ? installationCents(rates.installationTiers, input.width)
    : 0;
  return {
    areaSqFt: area,
    blindsCents,
    fabricUpchargeCents,
    controlUpchargeCents,
    motorUpchargeCents,
    installationCents: install,
    totalCents:
      blindsCents + fabricUpchargeCents + controlUpchargeCents + motorUpchargeCents + install,
  };
}

export interface TrackPrice {
  width: number;
  pricePerUnitCents: number;
  totalCents: number;
}

/** Track replacement: price per inch of width, installed. */
export function calculateTrackPrice(width: number, pricePerInchCents: number): TrackPrice {
  return {
    width,
    pricePerUnitCents: pricePerInchCents,
    totalCents: roundCents(width * pricePerInchCents),
  };
}

/** The zebra configuration's whole inches plus fractions → the engine's exact sizes. */
export function zebraPriceInput(config: {
  width: number;
  height: number;
  widthFraction: number;
  heightFraction: number;
  fabricCollection: string;
  controlType: ZebraControlType;
  motorOptions: ZebraMotorOptions;
  includeInstallation: boolean;
}): ZebraPriceInput {
  return {
    width: config.width + config.widthFraction,
    height: config.height + config.heightFraction,
    fabricCollection: config.fabricCollection,
    controlType: config.controlType,
    motorOptions: config.motorOptions,
    includeInstallation: config.includeInstallation,
  };
}

// ---- The context: lookups and the rates a page or an item needs ----

export function findPricingProduct(
  ctx: PricingContext,
  by: { id?: number | null; type?: string },
): PricingProduct | undefined {
  return ctx.products.find((p) =>
    by.id !== undefined && by.id !== null ? p.id === by.id : p.type === by.type,
  );
}

export function findPricingService(ctx: PricingContext, type: string): PricingService | undefined {
  return ctx.services.find((s) => s.type === type);
}

export function blindsRates(ctx: PricingContext, product: ProductPricing): BlindsRates {
  return {
    rateCentsPerSqFt: product.rateCentsPerSqFt,
    minimumCents: product.minimumCents,
    installationTiers: ctx.installationTiers,
  };
}

export function zebraRates(ctx: PricingContext, product: ProductPricing): ZebraRates {
  return {
    rateCentsPerSqFt: product.rateCentsPerSqFt,
    minimumCents: product.minimumCents,
    collections: ctx.zebraCollections.map((c) => ({
      slug: c.slug,
      upchargeCentsPerSqFt: c.upchargeCentsPerSqFt,
    })),
    controlUpchargeCents: ctx.zebraOptions.controlUpchargeCents,
    motorUpchargeCents: ctx.zebraOptions.motorUpchargeCents,
    installationTiers: ctx.installationTiers,
  };
}

/**
 * The rates that priced one item, kept with an order item (order_items.pricing) so an
 * adjusted item can be re-priced later with the order's own rates.
 */
export type ItemRates =
  | {
      type: "blinds";
      rateCentsPerSqFt: number;
      minimumCents: number;
      installationTiers: InstallationTier[];
    }
  | {
      type: "zebra";
      rateCentsPerSqFt: number;
      minimumCents: number;
      collection: ZebraCollectionRate;
      controlUpchargeCents: Record<ZebraControlType, number>;
      motorUpchargeCents: { smartHome: number; batteryWand: number };
      installationTiers: InstallationTier[];
    }
  | { type: "track"; pricePerInchCents: number };

export interface ItemPrice {
  /** One piece, installation included when chosen. */
  unitCents: number;
  /** The installation part of unitCents (0 without installation; track is always installed). */
  installationCents: number;
  rates: ItemRates;
}

/** Where a stored item points in the catalog. */
export interface StoredItemRef {
  productId: number | null;
  configuration: StoredConfiguration;
}

/**
 * The price of one piece of a stored (or about to be stored) item, or null when the catalog
 * no longer sells it (a deactivated product, service or collection).
 */
export function priceItem(ctx: PricingContext, item: StoredItemRef): ItemPrice | null {
  const c = item.configuration;
  if (c.type === "track") {
    const service = findPricingService(ctx, c.serviceType);
    if (!service) return null;
    return {
      unitCents: calculateTrackPrice(c.width, service.pricePerInchCents).totalCents,
      installationCents: 0,
      rates: { type: "track", pricePerInchCents: service.pricePerInchCents },
    };
  }
  const product = findPricingProduct(ctx, { id: item.productId });
  if (!product) return null;
  if (c.type === "zebra") {
    if (product.type !== "zebra-shades") return null;
    return priceZebra(ctx, product, c);
  }
  if (product.type === "zebra-shades" || product.type !== c.productType) return null;
  const rates = blindsRates(ctx, product);
  const price = calculateBlindsPrice(rates, c.width, c.height, c.includeInstallation);
  return {
    unitCents: price.totalCents,
    installationCents: price.installationCents,
    rates: {
      type: "blinds",
      rateCentsPerSqFt: rates.rateCentsPerSqFt,
      minimumCents: rates.minimumCents,
      installationTiers: [...rates.installationTiers],
    },
  };
}

function priceZebra(
  ctx: PricingContext,
  product: PricingProduct,
  c: ZebraConfiguration,
): ItemPrice | null {
  const collection = ctx.zebraCollections.find((x) => x.slug === c.fabricCollection);
  if (!collection) return null;
  // A withdrawn fabric is no longer sold: its cart items show as unavailable.
  if (!findSoldZebraFabric(ctx.zebraCollections, c.fabricCollection, c.fabric)) return null;
  const rates = zebraRates(ctx, product);
  const price = calculateZebraPrice(rates, zebraPriceInput(c));
  return {
    unitCents: price.totalCents,
    installationCents: price.installationCents,
    rates: {
      type: "zebra",
      rateCentsPerSqFt: rates.rateCentsPerSqFt,
      minimumCents: rates.minimumCents,
      collection: { slug: collection.slug, upchargeCentsPerSqFt: collection.upchargeCentsPerSqFt },
      controlUpchargeCents: { ...rates.controlUpchargeCents },
      motorUpchargeCents: { ...rates.motorUpchargeCents },
      installationTiers: [...rates.installationTiers],
    },
  };
}

/** A colour key's display name from the catalog; the key itself when the catalog has none. */
export function colorDisplayName(ctx: Pick<PricingContext, "colors">, key: string): string {
  return ctx.colors.find((c) => c.key === key)?.name ?? key;
}

/** spec §3 "Blinds price result", 2-decimal numbers. */
export function toBlindsPriceResult(p: BlindsPrice) {
  return {
    blindsPrice: centsToAmount(p.blindsCents),
    installationPrice: centsToAmount(p.installationCents),
    totalPrice: centsToAmount(p.totalCents),
  };
}

/** spec §3 "Zebra price result"; the area is reported rounded to 2 decimals. */
export function toZebraPriceResult(p: ZebraPrice) {
  return {
    area: roundCents(p.areaSqFt * 100) / 100,
    blindsPrice: centsToAmount(p.blindsCents),
    fabricUpcharge: centsToAmount(p.fabricUpchargeCents),
    controlUpcharge: centsToAmount(p.controlUpchargeCents),
    motorUpcharge: centsToAmount(p.motorUpchargeCents),
    installationPrice: centsToAmount(p.installationCents),
    totalPrice: centsToAmount(p.totalCents),
  };
}

/** spec §3 "Service price result". */
export function toServicePriceResult(p: TrackPrice) {
  return {
    totalPrice: centsToAmount(p.totalCents),
    width: p.width,
    pricePerUnit: centsToAmount(p.pricePerUnitCents),
  };
}
