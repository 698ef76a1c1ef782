/**
 * The catalog as shipped. The seed step writes it to the database;
 * the running store reads products from the database, never from here.
 */
import { oneOf } from "../shared/one-of";

export const PRODUCT_TYPES = [
  "vinyl",
  "standard-shutters",
  "bypass-shutters",
  "zebra-shades",
  "fabric",
  "aluminum",
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export function isProductType(value: string): value is ProductType {
  return oneOf(PRODUCT_TYPES, value);
}

/** What the page of a product the owner has withdrawn says (answered with 404). */
export function NO_LONGER_AVAILABLE(name: string): string {
  return `${name} ${name.endsWith("s") ? "are" : "is"} no longer available. Browse our other window treatments, or call us for help.`;
}

/** The product id the zebra page adds to the cart with. */
export const ZEBRA_PRODUCT_ID = 4;

export interface ProductSeed {
  id: number;
  type: ProductType;
  name: string;
  description: string;
  rateCentsPerSqFt: number;
  minimumCents: number;
  colors: readonly string[];
}

export const PRODUCT_SEEDS: readonly ProductSeed[] = [
  {
    id: 1,
    type: "vinyl",
    name: "Vinyl Vertical Blinds",
    description:
      "Durable, moisture-resistant vinyl vanes made to your exact size: easy to clean and ideal for Florida sliding doors and wide windows.",
    rateCentsPerSqFt: 4_50,
    minimumCents: 39_00,
    colors: ["white", "off-white", "ivory", "beige", "light-gray"],
  },
  {
    id: 2,
    type: "standard-shutters",
    name: "Standard Plantation Shutters",
    description:
      "Classic hinged plantation shutters with adjustable louvers for light and privacy control, custom-fitted to each window.",
    rateCentsPerSqFt: 26_00,
    minimumCents: 149_00,
    colors: ["white", "off-white", "ivory", "cream"],
  },
  {
    id: 3,
    type: "bypass-shutters",
    name: "Bypass Plantation Shutters",
    description:
      "Shutter panels that slide past each other on a top track: the plantation look for sliding glass doors and wide openings.",
    rateCentsPerSqFt: 32_00,
    minimumCents: 399_00,
    colors: ["white", "off-white", "ivory"],
  },
  {
    id: 4,
    type: "zebra-shades",
    name: "Zebra Shades",
    description:
      "Dual-layer shades with alternating sheer and solid bands: align them for a view, offset them for privacy.",
    rateCentsPerSqFt: 8_00,
    minimumCents: 59_00,
    colors: [],
  },
  {
    id: 5,
    type: "fabric",
    name: "Fabric Vertical Blinds",
    description:
      "Soft fabric vanes that filter light and dampen sound, in warm neutral tones, made to measure.",
    rateCentsPerSqFt: 6_50,
    minimumCents: 49_00,
    colors: ["white", "off-white", "ivory", "sand", "gray", "charcoal"],
  },
  {
    id: 6,
    type: "aluminum",
    name: "Aluminum Mini Blinds",
    description:
      "Slim 1-inch aluminum slats with a tilt wand: light, affordable and rust-resistant, cut to your window.",
    rateCentsPerSqFt: 3_75,
    minimumCents: 29_00,
    colors: ["white", "off-white", "silver", "bronze", "black"],
  },
];

export interface ServiceSeed {
  id: number;
  type: "track-replacement";
  name: string;
  description: string;
  /** Price per inch of width, installed, in cents. */
  priceCentsPerUnit: number;
  unit: "inch";
}

export const SERVICE_SEEDS: readonly ServiceSeed[] = [
  {
    id: 1,
    type: "track-replacement",
    name: "Track Replacement",
    description:
      "Heavy-duty replacement head rail for vertical blinds up to 16 feet (192 inches) wide, with smooth ball-bearing carriers, installed.",
    priceCentsPerUnit: 2_00,
    unit: "inch",
  },
];
