/**
 * A blinds or shutters cart item's `configuration`: each option of its
 * product type, absent → the default, any other value → an issue naming `configuration.<field>`.
 * An option of another product type (louverSize on a vinyl blind) is refused the same way;
 * other keys are ignored, as the spec's client may send its own.
 */
import { z } from "zod";
import { OPTION_FIELDS, optionsFor, type ProductOptions } from "./product-options";

function valuesText(values: readonly string[]): string {
  return values.length === 2
    ? `${values[0]} or ${values[1]}`
    : `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
}

/** The schema of `productType`'s options, as they travel in `configuration`. */
export function productOptionsSchema(productType: string) {
  const defs = optionsFor(productType);
  const offered = new Set<string>(defs.map((d) => d.field));
  const shape: Record<string, z.ZodType> = {};
  for (const def of defs) {
    const values = def.choices.map((c) => c.value);
    const message = `configuration.${def.field} must be ${valuesText(values)}`;
    shape[def.field] = z
      .enum(values, { error: message })
      .nullish()
      .transform((v) => v ?? values[0]);
  }
  for (const field of OPTION_FIELDS) {
    if (offered.has(field)) continue;
    shape[field] = z
      .null({ error: `configuration.${field} is not an option of ${productType}` })
      .optional();
  }
  return z
    .object(shape, { error: "configuration must be a JSON object" })
    .nullish()
    .transform((v): ProductOptions => {
      const out: Record<string, unknown> = {};
      for (const def of defs) {
        out[def.field] = v?.[def.field] ?? def.choices[0]?.value;
      }
      return out as unknown as ProductOptions;
    });
}

const OPTION_VALUES = {
  mount: ["inside", "outside"],
  controlSide: ["right", "left"],
  stack: ["left", "right", "split", "center"],
  louverSize: ["3.5", "2.5", "4.5"],
  panels: ["auto", "1", "2", "3", "4"],
  hinge: ["auto", "left", "right", "split"],
  frame: ["l-frame", "z-frame", "deco-frame"],
  tiltRod: ["hidden", "front"],
} as const;

/**
 * The options as a stored configuration holds them: each optional (items stored before the
 * options existed have none, and read as the defaults where they are shown).
 */
export const storedOptionsFields = {
  mount: z.enum(OPTION_VALUES.mount).optional(),
  controlSide: z.enum(OPTION_VALUES.controlSide).optional(),
  stack: z.enum(OPTION_VALUES.stack).optional(),
  louverSize: z.enum(OPTION_VALUES.louverSize).optional(),
  panels: z.enum(OPTION_VALUES.panels).optional(),
  hinge: z.enum(OPTION_VALUES.hinge).optional(),
  frame: z.enum(OPTION_VALUES.frame).optional(),
  tiltRod: z.enum(OPTION_VALUES.tiltRod).optional(),
};
