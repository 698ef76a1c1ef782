/**
 * A draft quote from a measurement visit's windows (decision 524): one line per window that names
 * a product, at its ordering size and measured mount, the room as the line's label, the product's
 * other default options, with installation. The customer is the visit's unless the input gives
 * one. Built as any quote is (createQuote): the same checks, prices and audit.
 */

import type { MeasuredSize } from "../../../../domain/sales/measured-size";
import {
  type QuoteFromMeasurements,
  type QuoteItemInput,
  quoteItemSchema,
} from "../../../../domain/sales/quote-schema";
import { formatSize, fromEighths, splitInches } from "../../../../domain/shared/dimensions";
import { ZEBRA_PRODUCT_ID } from "../../../../domain/storefront/catalog";
import type { PricingContext } from "../../../../domain/storefront/pricing";
import { defaultOptions } from "../../../../domain/storefront/product-options";
import { soldZebraCollections, ZEBRA_DEFAULTS } from "../../../../domain/storefront/zebra";
import { listVisitMeasurements } from "../../../db/repositories/scheduling/measurements";
import { findVisitById } from "../../../db/repositories/scheduling/visits";
import { AppError, validationError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../../people/actor";
import type { FieldWorker } from "../../people/field-access";
import type { QuoteView } from "../quote-view";
import { createQuote } from "./create-quote";
import { prefillQuote } from "./prefill-quote";
import { assertMayBuild } from "./shared";

interface Window {
  measured: MeasuredSize;
  room: string;
  productType: string;
  mount: "inside" | "outside";
  width: number;
  height: number;
}

/** The default fabric when it is still sold, else the first fabric sold. */
function zebraFabric(ctx: PricingContext): { fabricCollection: string; fabric: string } {
  const sold = soldZebraCollections(ctx.zebraCollections);
  const preferred = sold
    .find((c) => c.slug === ZEBRA_DEFAULTS.fabricCollection)
    ?.fabrics.find((f) => f.slug === ZEBRA_DEFAULTS.fabric);
  if (preferred) {
    return { fabricCollection: ZEBRA_DEFAULTS.fabricCollection, fabric: ZEBRA_DEFAULTS.fabric };
  }
  const first = sold.find((c) => c.fabrics.length > 0);
  if (!first?.fabrics[0]) throw new AppError("conflict", "No zebra fabric is sold right now.");
  return { fabricCollection: first.slug, fabric: first.fabrics[0].slug };
}

function itemOf(ctx: PricingContext, w: Window): QuoteItemInput {
  const roomLabel = w.room;
  if (w.productType === "zebra-shades") {
    const width = splitInches(w.width);
    const height = splitInches(w.height);
    return {
      kind: "zebra",
      productId: ZEBRA_PRODUCT_ID,
      quantity: 1,
      roomLabel,
      optional: false,
      configuration: {
        ...ZEBRA_DEFAULTS,
        ...zebraFabric(ctx),
        width: width.whole,
        widthFraction: width.fraction,
        height: height.whole,
        heightFraction: height.fraction,
        mountType: w.mount,
        includeInstallation: true,
      },
    };
  }
  const product = ctx.products.find((p) => p.type === w.productType);
  const color = product?.colors[0];
  if (!product || !color) {
    throw new AppError("conflict", `${w.room}: ${w.productType} is not sold right now.`);
  }
  return {
    kind: "product",
    productId: product.id,
    width: w.width,
    height: w.height,
    selectedColor: color.key,
    includeInstallation: true,
    quantity: 1,
    roomLabel,
    optional: false,
    configuration: { ...defaultOptions(product.type), mount: w.mount },
  } as QuoteItemInput;
}

export async function quoteFromMeasurements(
  deps: ServiceDeps,
  input: QuoteFromMeasurements,
  actor: Actor,
  worker: FieldWorker,
): Promise<QuoteView> {
  // Who may quote this visit, before anything about it is said.
  await assertMayBuild(deps, worker, { estimateId: null, visitId: input.visitId, orderId: null });
  if (!(await findVisitById(deps.db, input.visitId))) {
    throw new AppError("not_found", "Visit not found.");
  }
  const rows = await listVisitMeasurements(deps.db, input.visitId);
  const outOfRange = rows.filter(
    (r) => r.product_type && r.flags.split(" ").includes("out-of-range"),
  );
  if (outOfRange.length > 0) {
    const words = outOfRange.map(
      (r) =>
        `${r.room} (${formatSize(fromEighths(r.order_width_eighths), fromEighths(r.order_height_eighths))})`,
    );
    throw new AppError(
      "conflict",
      `Outside the product's sizes: ${words.join(", ")}. Choose another product for ${outOfRange.length === 1 ? "it" : "them"} or measure again.`,
    );
  }
  const windows: Window[] = rows.flatMap((r) =>
    r.product_type
      ? [
          {
            measured: {
              mount: r.mount,
              widths: [r.width_top_eighths, r.width_middle_eighths, r.width_bottom_eighths].map(
                fromEighths,
              ),
              heights: [r.height_left_eighths, r.height_center_eighths, r.height_right_eighths].map(
                fromEighths,
              ),
              depth: r.depth_eighths === null ? null : fromEighths(r.depth_eighths),
            },
            room: r.room,
            productType: r.product_type,
            mount: r.mount,
            width: fromEighths(r.order_width_eighths),
            height: fromEighths(r.order_height_eighths),
          },
        ]
      : [],
  );
  if (windows.length === 0) {
    throw new AppError(
      "conflict",
      "No measured window of this visit names a product yet: choose a product for each window first.",
    );
  }
  const customer =
    input.customer ??
    (await prefillQuote(deps, { estimateId: null, visitId: input.visitId, orderId: null }, worker));
  if (!customer) throw new AppError("not_found", "Visit not found.");
  const ctx = await deps.catalog.pricing();
  return createQuote(
    deps,
    {
      customer,
      // Each line checked by the schema a typed quote line passes.
      items: windows.map((w) => {
        const parsed = quoteItemSchema.safeParse({ ...itemOf(ctx, w), measured: w.measured });
        if (!parsed.success) throw validationError(parsed.error.issues);
        return parsed.data;
      }),
      discountPercent: input.discountPercent,
      depositPercent: input.depositPercent,
      validDays: input.validDays,
      validUntil: input.validUntil,
      note: input.note,
      taxExemption: input.taxExemption,
      estimateId: null,
      visitId: input.visitId,
      orderId: null,
    },
    actor,
    worker,
  );
}
