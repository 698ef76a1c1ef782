/**
 * POST /api/calculate-price, /api/calculate-zebra-shade-price, /api/calculate-service-price
 * (SPEC.md §3, §7). Inputs parsed by the shared domain schemas; rates and minimums from the
 * catalog (database); the numbers by the same engine the browser uses for the live price.
 */
import { Hono } from "hono";
import {
  calculateBlindsPrice,
  calculateTrackPrice,
  calculateZebraPrice,
  toBlindsPriceResult,
  toServicePriceResult,
  toZebraPriceResult,
  zebraPriceInput,
} from "../../domain/pricing";
import {
  blindsPriceInputSchema,
  servicePriceInputSchema,
  zebraPriceInputSchema,
} from "../../domain/schemas";
import type { AppServices } from "../context";
import { AppError } from "../errors";
import { readJson } from "./validation";

export function pricingRoutes(services: AppServices) {
  const { catalog } = services;
  const routes = new Hono();

  routes.post("/calculate-price", async (c) => {
    const input = await readJson(c, blindsPriceInputSchema);
    const product = await catalog.findProductByType(input.productType);
    if (!product) {
      throw new AppError(
        "validation_failed",
        `productType: ${input.productType} is not available at the moment`,
      );
    }
    const price = calculateBlindsPrice(
      product,
      input.width,
      input.height,
      input.includeInstallation,
    );
    return c.json(toBlindsPriceResult(price));
  });

  routes.post("/calculate-zebra-shade-price", async (c) => {
    const input = await readJson(c, zebraPriceInputSchema);
    const [product, collections] = await Promise.all([
      catalog.findProductByType("zebra-shades"),
      catalog.listZebraCollections(),
    ]);
    const collection = collections.find((x) => x.slug === input.fabricCollection);
    if (!product || !collection) {
      throw new AppError(
        "validation_failed",
        `fabricCollection: ${input.fabricCollection} is not available at the moment`,
      );
    }
    if (!collection.fabrics.some((f) => f.slug === input.fabric)) {
      throw new AppError(
        "validation_failed",
        `fabric: must be one of ${collection.fabrics.map((f) => f.slug).join(", ")} for the ${collection.name} collection`,
      );
    }
    const price = calculateZebraPrice(product, zebraPriceInput(input), collections);
    return c.json(toZebraPriceResult(price));
  });

  routes.post("/calculate-service-price", async (c) => {
    const input = await readJson(c, servicePriceInputSchema);
    const service = await catalog.findServiceByType(input.serviceType);
    if (!service) {
      throw new AppError(
        "validation_failed",
        `serviceType: ${input.serviceType} is not available at the moment`,
      );
    }
    return c.json(
      toServicePriceResult(calculateTrackPrice(input.width, service.priceCentsPerUnit)),
    );
  });

  return routes;
}
