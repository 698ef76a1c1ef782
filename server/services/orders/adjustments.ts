/**
 * Adjustments after measuring: before `in_production`, an item's width,
 * height or quantity changes; it is re-priced with the rates stored with it when the order was
 * placed, the order's totals are recomputed by spec §9 (discount, shipping and tax may
 * change), old → new goes into the timeline, and the customer is emailed when asked. A refund is
 * owed when the new total is below what was paid: the answer says so. An order made from a
 * quote keeps the quote's discount (after the multiple-blind discount, as the quote counted it)
 * and its deposit stays the quote's percentage of the new total.
 */
import { type ServiceDeps, withDeps } from "../deps";
import { adjustItem } from "./adjustments/adjust-item";
import { previewItemAdjustment } from "./adjustments/preview-item-adjustment";

export type { AdjustmentPreview, AdjustmentResult } from "./adjustments/shared";

export function createAdjustmentService(deps: ServiceDeps) {
  return {
    previewItem: withDeps(deps, previewItemAdjustment),
    adjustItem: withDeps(deps, adjustItem),
  };
}

export type AdjustmentService = ReturnType<typeof createAdjustmentService>;
