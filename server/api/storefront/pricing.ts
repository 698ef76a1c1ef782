/**
 * POST /api/calculate-price, /api/calculate-zebra-shade-price, /api/calculate-service-price
 *. Inputs parsed by the shared domain schemas; every rate from the catalog's
 * pricing context, the one the cart and the orders use; the numbers by the same engine the
 * browser uses for the live price.
 */
import { Hono } from "hono";
import {
  type BlindsPriceInput,
  blindsPriceInputSchema,
  type ServicePriceInput,
  servicePriceInputSchema,
  type ZebraPriceInput,
  zebraPriceInputSchema,
} from "../../../domain/shared/schemas";
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
} from "../../../domain/storefront/pricing";
import type { AppServices } from "../../context";
import { fieldError } from "../../errors";
import {
  requireSoldZebraFabric,
  zebraCollectionUnavailable,
} from "../../services/storefront/zebra-choice";
import { readJson } from "../validation";

function blindsPriceAnswer(ctx: PricingContext, input: BlindsPriceInput) {
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

function zebraPriceAnswer(ctx: PricingContext, input: ZebraPriceInput) {
  const product = findPricingProduct(ctx, { type: "zebra-shades" });
  if (!product) throw zebraCollectionUnavailable(input.fabricCollection);
  requireSoldZebraFabric(ctx.zebraCollections, input);
  return toZebraPriceResult(calculateZebraPrice(zebraRates(ctx, product), zebraPriceInput(input)));
}

function servicePriceAnswer(ctx: PricingContext, input: ServicePriceInput) {
  const service = findPricingService(ctx, input.serviceType);
  if (!service) {
    throw fieldError(
      "validation_failed",
      "serviceType",
      `${input.serviceType} is not available at the moment`,
    );
  }
  return toServicePriceResult(calculateTrackPrice(input.width, service.pricePerInchCents));
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
    return c.json(zebraPriceAnswer(await catalog.pricing(), input));
  });

  routes.post("/calculate-service-price", async (c) => {
    const input = await readJson(c, servicePriceInputSchema);
    return c.json(servicePriceAnswer(await catalog.pricing(), input));
  });

  return routes;
}
