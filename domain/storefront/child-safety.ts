/**
 * The child-safety design of every control the store sells (16 CFR 1260, the CPSC's rule for
 * custom window coverings since May 30, 2023): cordless, motorized, a wand, or a cord loop made
 * inaccessible by a tension device fixed to the wall. Nothing the store offers has a free-hanging
 * cord (decision 522). The words are the same in the configurator, the cart, the order, the
 * emails, the job card and the supplier's purchase order.
 */
import type { ZebraControlType } from "./zebra";

const BY_PRODUCT: Readonly<Record<string, string>> = {
  vinyl: "Wand control, no cords: the wand turns the vanes and draws them",
  fabric: "Wand control, no cords: the wand turns the vanes and draws them",
  aluminum: "Wand tilt with a cordless lift, no cords",
  "standard-shutters": "No cords: the louvers tilt by hand",
  "bypass-shutters": "No cords: the panels slide and the louvers tilt by hand",
  "track-replacement": "Wand control, no cords",
};

export const ZEBRA_CHILD_SAFETY: Readonly<Record<ZebraControlType, string>> = {
  cordless: "Cordless lift, no cords",
  "continuous-cord": "Cord loop held taut by a tension device fixed to the wall",
  motorized: "Motorized, no cords",
};

/**
 * The child-safety device that comes with an item: by its zebra control, else by its product (or
 * service) type; null for a type the store does not sell.
 */
export function childSafety(itemType: string, zebraControl?: ZebraControlType): string | null {
  if (itemType === "zebra-shades") return ZEBRA_CHILD_SAFETY[zebraControl ?? "cordless"];
  return BY_PRODUCT[itemType] ?? null;
}
