/**
 * The made-to-measure options every blinds shopper expects, with no price effect: which product types have which option,
 * the values (default first) and the words shown on the product page, the cart, the order, the
 * emails, the admin, the installation sheet and the CSV. Free of zod so the product page can use
 * it; the schema is in domain/product-options-schema.ts.
 */
export const OPTION_FIELDS = [
  "mount",
  "controlSide",
  "stack",
  "louverSize",
  "panels",
  "hinge",
  "frame",
  "tiltRod",
] as const;
export type OptionField = (typeof OPTION_FIELDS)[number];

export interface OptionChoice {
  value: string;
  label: string;
  /** A line under the label on the product page. */
  hint?: string;
}

export interface OptionDefinition {
  field: OptionField;
  /** The radio group's legend. */
  legend: string;
  /** Default first. */
  choices: readonly OptionChoice[];
}

export const MOUNT_OPTION: OptionDefinition = {
  field: "mount",
  legend: "Mount",
  choices: [
    { value: "inside", label: "Inside mount", hint: "Fits inside the window frame" },
    { value: "outside", label: "Outside mount", hint: "Covers the frame from the wall" },
  ],
};

export const CONTROL_SIDE_OPTION: OptionDefinition = {
  field: "controlSide",
  legend: "Control side",
  choices: [
    { value: "right", label: "Right", hint: "Controls on the right" },
    { value: "left", label: "Left", hint: "Controls on the left" },
  ],
};

export const STACK_OPTION: OptionDefinition = {
  field: "stack",
  legend: "Stack direction",
  choices: [
    { value: "left", label: "Stack left", hint: "Vanes gather on the left" },
    { value: "right", label: "Stack right", hint: "Vanes gather on the right" },
    { value: "split", label: "Split", hint: "Half to each side" },
    { value: "center", label: "Center", hint: "Open from the middle" },
  ],
};

export const LOUVER_SIZE_OPTION: OptionDefinition = {
  field: "louverSize",
  legend: "Louver size",
  choices: [
    { value: "3.5", label: '3 1/2" louvers', hint: "The classic choice" },
    { value: "2.5", label: '2 1/2" louvers', hint: "Finer look, small windows" },
    { value: "4.5", label: '4 1/2" louvers', hint: "Widest view, large windows" },
  ],
};

/** Shutter options: what a shutter maker needs to build the order. */
const RECOMMEND = "We'll recommend at measuring";

export const PANELS_OPTION: OptionDefinition = {
  field: "panels",
  legend: "Panels",
  choices: [
    { value: "auto", label: RECOMMEND, hint: "Our specialist counts them on site" },
    { value: "1", label: "1 panel", hint: "Small windows" },
    { value: "2", label: "2 panels", hint: "Most windows" },
    { value: "3", label: "3 panels", hint: "Wide windows" },
    { value: "4", label: "4 panels", hint: "Very wide windows" },
  ],
};

export const HINGE_OPTION: OptionDefinition = {
  field: "hinge",
  legend: "Hinge side",
  choices: [
    { value: "auto", label: RECOMMEND, hint: "Chosen with you at measuring" },
    { value: "left", label: "Hinged left", hint: "Panels open to the left" },
    { value: "right", label: "Hinged right", hint: "Panels open to the right" },
    { value: "split", label: "Split", hint: "Half open to each side" },
  ],
};

export const BYPASS_PANELS_OPTION: OptionDefinition = {
  field: "panels",
  legend: "Panels",
  // Labelled as the standard shutter's panels, so the words are the same wherever shown.
  choices: [
    { value: "2", label: "2 panels", hint: "Slide past each other; openings up to about 8 ft" },
    { value: "3", label: "3 panels", hint: "Wider openings" },
    { value: "4", label: "4 panels", hint: "The widest sliding doors" },
  ],
};

export const FRAME_OPTION: OptionDefinition = {
  field: "frame",
  legend: "Frame",
  choices: [
    { value: "l-frame", label: "L-frame", hint: "Slim, for most inside mounts" },
    { value: "z-frame", label: "Z-frame", hint: "Steps over the window trim" },
    { value: "deco-frame", label: "Deco frame", hint: "A decorative molded face" },
  ],
};

export const TILT_ROD_OPTION: OptionDefinition = {
  field: "tiltRod",
  legend: "Tilt rod",
  choices: [
    { value: "hidden", label: "Hidden tilt rod", hint: "A clean look, tilt by hand" },
    { value: "front", label: "Front tilt rod", hint: "The classic rod down the middle" },
  ],
};

/** Which options a product type has, in the order the product page shows them. */
export const OPTIONS_BY_PRODUCT_TYPE: Readonly<Record<string, readonly OptionDefinition[]>> = {
  vinyl: [MOUNT_OPTION, CONTROL_SIDE_OPTION, STACK_OPTION],
  fabric: [MOUNT_OPTION, CONTROL_SIDE_OPTION, STACK_OPTION],
  aluminum: [MOUNT_OPTION, CONTROL_SIDE_OPTION],
  "standard-shutters": [
    MOUNT_OPTION,
    LOUVER_SIZE_OPTION,
    PANELS_OPTION,
    HINGE_OPTION,
    FRAME_OPTION,
    TILT_ROD_OPTION,
  ],
  "bypass-shutters": [
    MOUNT_OPTION,
    LOUVER_SIZE_OPTION,
    BYPASS_PANELS_OPTION,
    FRAME_OPTION,
    TILT_ROD_OPTION,
  ],
};

export function optionsFor(productType: string): readonly OptionDefinition[] {
  return OPTIONS_BY_PRODUCT_TYPE[productType] ?? [];
}

/** The chosen options of a blinds or shutters item; absent fields are not offered for it. */
export interface ProductOptions {
  mount: "inside" | "outside";
  controlSide?: "right" | "left";
  stack?: "left" | "right" | "split" | "center";
  louverSize?: "3.5" | "2.5" | "4.5";
  panels?: "auto" | "1" | "2" | "3" | "4";
  hinge?: "auto" | "left" | "right" | "split";
  frame?: "l-frame" | "z-frame" | "deco-frame";
  tiltRod?: "hidden" | "front";
}

/** Every option of `productType` at its default. */
export function defaultOptions(productType: string): ProductOptions {
  const out: Record<string, string> = {};
  for (const o of optionsFor(productType)) out[o.field] = o.choices[0]?.value ?? "";
  return out as unknown as ProductOptions;
}

const ALL_OPTIONS = [
  MOUNT_OPTION,
  CONTROL_SIDE_OPTION,
  STACK_OPTION,
  LOUVER_SIZE_OPTION,
  PANELS_OPTION,
  HINGE_OPTION,
  FRAME_OPTION,
  TILT_ROD_OPTION,
];

/** The legend and the value's words of an option field, or null for any other key. */
export function describeOption(
  field: string,
  value: unknown,
): { legend: string; label: string } | null {
  const def = ALL_OPTIONS.find((d) => d.field === field);
  if (!def) return null;
  const label = def.choices.find((c) => c.value === value)?.label ?? String(value);
  return { legend: def.legend, label };
}

/** "Outside mount", "Control side: Left", "Stack direction: Split", "Louver size: 3 1/2"". */
export function describeOptions(options: Partial<ProductOptions> | null | undefined): string[] {
  if (!options) return [];
  const lines: string[] = [];
  for (const field of OPTION_FIELDS) {
    const value = options[field];
    if (value === undefined) continue;
    const d = describeOption(field, value);
    if (!d) continue;
    lines.push(field === "mount" ? d.label : `${d.legend}: ${d.label}`);
  }
  return lines;
}

/** The value of an option left for the measurement ("We'll recommend at measuring"). */
export const OPEN_CHOICE = "auto";

/**
 * The options of a configuration still left open, in the product page's order: nothing a
 * supplier can build from.
 */
export function openOptions(
  options: Partial<Record<string, unknown>> | null | undefined,
): { field: string; legend: string }[] {
  if (!options) return [];
  return ALL_OPTIONS.filter((d) => options[d.field] === OPEN_CHOICE).map((d) => ({
    field: d.field,
    legend: d.legend,
  }));
}
