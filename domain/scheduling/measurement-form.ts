/**
 * The job card's "Add a window" form, read into what POST /api/admin/visits/:id/measurements
 * takes: each size typed as the storefront reads sizes ("35 1/4", "35.25", "35¼").
 */

import { formText } from "../shared/form-text";
import { parseSizeInput } from "../shared/size-input";
import type { MeasuredWindowInput, MeasuredWindowView } from "./measurements";

const ANY_SIZE = { min: 0, max: 300 };

export const WIDTH_PARTS = ["top", "middle", "bottom"] as const;
export const HEIGHT_PARTS = ["left", "center", "right"] as const;

export type WindowFormResult =
  | { ok: true; window: Record<string, unknown> }
  | { ok: false; fieldErrors: Record<string, string> };

export function measuredWindowFromForm(form: FormData): WindowFormResult {
  const fieldErrors: Record<string, string> = {};
  const size = (name: string, label: string, required: boolean): number | null => {
    const raw = formText(form, name) ?? "";
    if (!required && raw.trim() === "") return null;
    const parsed = parseSizeInput(raw, ANY_SIZE, label);
    if (!parsed.ok) {
      fieldErrors[name] = parsed.message;
      return null;
    }
    return parsed.inches;
  };
  const widths = WIDTH_PARTS.map((p) => size(`width-${p}`, `Width (${p})`, true));
  const heights = HEIGHT_PARTS.map((p) => size(`height-${p}`, `Height (${p})`, true));
  const depth = size("depth", "Depth", false);
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const product = formText(form, "productType") ?? "";
  return {
    ok: true,
    window: {
      room: formText(form, "room") ?? "",
      productType: product === "" ? null : product,
      mount: formText(form, "mount") ?? "",
      widths,
      heights,
      depth,
      note: formText(form, "note") ?? null,
    },
  };
}

/** A stored window as the API takes it again (the card re-sends the list with one more or less). */
export function windowInputOf(w: MeasuredWindowView): MeasuredWindowInput {
  return {
    room: w.room,
    productType: w.productType,
    mount: w.mount,
    widths: w.widths,
    heights: w.heights,
    depth: w.depth,
    note: w.note,
  };
}
