/**
 * POST /api/calculate-price, /api/calculate-zebra-shade-price, /api/calculate-service-price
 * (SPEC.md §3, §7). Inputs parsed by the shared domain schemas; every rate from the catalog's
 * pricing context, the one the cart and the orders use; the numbers by the same engine the
 * browser uses for the live price.
 */
import { Hono } from "hono";
import {
  blindsRates,
  calculateBlindsPrice,
  calculateTrackPrice,
  calculateZebraPrice,
  findPricingProduct,
  findPricingService,
  type PricingContext,
  toBlindsPriceResult,
  toServicePriceResult,
  toZebraPriceResult,
  zebraPriceInput,
  zebraRates,
} from "../../../domain/pricing";
import {
  type BlindsPriceInput,
  blindsPriceInputSchema,
  servicePriceInputSchema,
  zebraPriceInputSchema,
} from "../../../domain/schemas";
import type { AppServices } from "../../context";
import { fieldError } from "../../errors";
import {
  requireSoldZebraFabric,
  zebraCollectionUnavailable,
} from "../../services/storefront/zebra-choice";
import { readJson } from "../validation";

/** POST /api/calculate-price's answer (here and in server/fast-lane.ts, decision 311). */
export function blindsPriceAnswer(ctx: PricingContext, input: BlindsPriceInput) {
  const product = findPricingProduct(ctx, { type: input.productType });
  if (!product) {
    throw fieldError(
      "validation_failed",
      "productType",
      `${input.productType} is not available at the moment`,
    );
  }
  const price = calculateBlindsPrice(
    blindsRates(ctx, product),
    input.width,
    input.height,
    input.includeInstallation,
  );
  return toBlindsPriceResult(price);
}

export function pricingRoutes(services: AppServices) {
  const { catalog } = services;
  const routes = new Hono();

  routes.post("/calculate-price", async (c) => {
    const input = await readJson(c, blindsPriceInputSchema);
    return c.json(blindsPriceAnswer(await catalog.pricing(), input));
  });

  routes.post("/calculate-zebra-shade-price", async (c) => {
    const input = await readJson(c, zebraPriceInputSchema);
    const ctx = await catalog.pricing();
    const product = findPricingProduct(ctx, { type: "zebra-shades" });
    if (!product) throw zebraCollectionUnavailable(input.fabricCollection);
    requireSoldZebraFabric(ctx.zebraCollections, input);
    const price = calculateZebraPrice(zebraRates(ctx, product), zebraPriceInput(input));
    return c.json(toZebraPriceResult(price));
  });

  routes.post("/calculate-service-price", async (c) => {
    const input = await readJson(c, servicePriceInputSchema);
    const service = findPricingService(await catalog.pricing(), input.serviceType);
    if (!service) {
      throw fieldError(
        "validation_failed",
        "serviceType",
        `${input.serviceType} is not available at the moment`,
      );
    }
    return c.json(
      toServicePriceResult(calculateTrackPrice(input.width, service.pricePerInchCents)),
    );
  });

  return routes;
}
