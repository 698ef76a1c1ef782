/**
 * The window's measurements a quote line's size was taken from (decision 573): the mount, the
 * three widths, the three heights and the depth as the installer measured them, in decimal
 * inches. Carried quote item → order item, printed on the purchase order beside the size.
 */
import { z } from "zod";
import { formatInches } from "../shared/dimensions";

const inches = z
  .number({ error: "measured sizes must be inches" })
  .positive("measured sizes must be inches")
  .max(1000, "measured sizes must be inches")
  .refine((v) => Number.isInteger(v * 8), "measured sizes go to the 1/8 inch");

export const measuredSizeSchema = z.object(
  {
    mount: z.enum(["inside", "outside"], { error: "mount must be inside or outside" }),
    widths: z.array(inches).length(3, "widths must be three sizes (top, middle, bottom)"),
    heights: z.array(inches).length(3, "heights must be three sizes (left, center, right)"),
    depth: inches.nullable(),
  },
  { error: "measured must be { mount, widths, heights, depth }" },
);
export type MeasuredSize = z.output<typeof measuredSizeSchema>;

/** "Measured (inside mount): widths 35 1/4", 35", 35 1/8" · heights … · depth 2 1/2"". */
export function describeMeasured(m: MeasuredSize): string {
  const list = (sizes: readonly number[]) => sizes.map(formatInches).join(", ");
  return `Measured (${m.mount} mount): widths ${list(m.widths)} · heights ${list(m.heights)}${
    m.depth === null ? "" : ` · depth ${formatInches(m.depth)}`
  }`;
}
