/**
 * The rates the store ships with. The seed step writes them to the
 * database; the running store prices from the database's rows (PricingContext), never from
 * here. `seedPricingContext` is the same data as a context, for unit tests.
 */
import { PRODUCT_SEEDS, SERVICE_SEEDS } from "./catalog";
import { COLORS, type ColorInfo } from "./colors";
import type { InstallationTier, PricingContext } from "./pricing";
import {
  ZEBRA_COLLECTIONS,
  ZEBRA_CONTROL_UPCHARGE_CENTS,
  ZEBRA_MOTOR_UPCHARGE_CENTS,
} from "./zebra";

/** Installation per unit, every product: ≤ 60" → $75; ≤ 96" → $95; wider → $125. */
export const INSTALLATION_TIER_SEEDS: readonly InstallationTier[] = [
  { maxWidthInches: 60, cents: 75_00 },
  { maxWidthInches: 96, cents: 95_00 },
  { maxWidthInches: null, cents: 125_00 },
];

export function seedPricingContext(): PricingContext {
  const colorByKey = new Map(COLORS.map((c) => [c.key, c]));
  return {
    products: PRODUCT_SEEDS.map((p) => ({
      id: p.id,
      type: p.type,
      name: p.name,
      rateCentsPerSqFt: p.rateCentsPerSqFt,
      minimumCents: p.minimumCents,
      colors: p.colors.map((k) => colorByKey.get(k)).filter((c): c is ColorInfo => c !== undefined),
    })),
    zebraCollections: ZEBRA_COLLECTIONS,
    zebraOptions: {
      controlUpchargeCents: { ...ZEBRA_CONTROL_UPCHARGE_CENTS },
      motorUpchargeCents: { ...ZEBRA_MOTOR_UPCHARGE_CENTS },
    },
    installationTiers: INSTALLATION_TIER_SEEDS,
    services: SERVICE_SEEDS.map((s) => ({
      id: s.id,
      type: s.type,
      name: s.name,
      pricePerInchCents: s.priceCentsPerUnit,
    })),
    colors: COLORS,
  };
}
