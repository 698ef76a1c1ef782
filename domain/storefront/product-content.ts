/**
 * The fixed text of each product page: Key Features,
 * Specifications and Why Choose, plus the warranty line. Years and limits come from the
 * business facts, never typed here.
 */
import type { BusinessFacts } from "../shared/business";
import type { ProductType } from "./catalog";

export interface ProductContent {
  features: readonly string[];
  specifications: readonly (readonly [label: string, value: string])[];
  whyChoose: readonly string[];
}

type Facts = Pick<BusinessFacts, "warranty">;

/** Vinyl 5-Year Limited, shutters 25-Year Limited, others Premium. */
export function warrantyLine(type: string, facts: Pick<BusinessFacts, "warranty">): string {
  const w = facts.warranty;
  if (type === "vinyl") return `${w.vinylYears}-Year Limited Warranty`;
  if (type === "standard-shutters" || type === "bypass-shutters") {
    return `${w.shuttersYears}-Year Limited Warranty plus ${w.shuttersInHouseYears}-year in-house warranty`;
  }
  return `Premium Warranty: ${w.materialsAndWorkmanshipYears} years on materials and workmanship`;
}

const SIZE_RANGE = 'Made to order from 12" to 192" wide and 12" to 120" high, to the nearest 1/8"';

export function productContent(type: ProductType, facts: Facts): ProductContent {
  const w = facts.warranty;
  const labor = `${w.installationLabourYears}-year warranty on our installation labor`;
  switch (type) {
    case "vinyl":
      return {
        features: [
          '3 1/2" PVC vanes that resist moisture, humidity and fading',
          "Rotate the vanes for light control; draw them aside to open the whole window",
          "Wipe-clean surface that suits kitchens, bathrooms and sliding glass doors",
          "Weighted vanes with connecting chain keep them aligned in a breeze",
        ],
        specifications: [
          ["Material", "Rigid PVC vinyl"],
          ["Vane width", '3 1/2"'],
          ["Size", SIZE_RANGE],
          ["Controls", "Wand: turns and draws the vanes, no cords (child-safe)"],
          ["Warranty", `${w.vinylYears}-year limited`],
        ],
        whyChoose: [
          "The most affordable way to cover wide windows and patio doors",
          "Stands up to Florida heat and humidity without warping",
          labor,
        ],
      };
    case "standard-shutters":
      return {
        features: [
          'Adjustable 3 1/2" louvres with a hidden or front tilt rod',
          "Hinged panels that swing open for cleaning and full views",
          "Custom-fitted frame for inside or outside mount",
          "Adds insulation and lasting value to the home",
        ],
        specifications: [
          ["Material", "Engineered wood composite with a baked finish"],
          ["Louvre size", '3 1/2"'],
          ["Size", SIZE_RANGE],
          ["Panels", "Hinged; configuration set at measurement"],
          [
            "Warranty",
            `${w.shuttersYears}-year limited plus ${w.shuttersInHouseYears}-year in-house`,
          ],
        ],
        whyChoose: [
          "A timeless look that buyers and appraisers value",
          "Fine control of light and privacy, louvre by louvre",
          labor,
        ],
      };
    case "bypass-shutters":
      return {
        features: [
          "Shutter panels glide past each other on a heavy-duty top track",
          "Open any section of a sliding door or wide window without swinging panels",
          'Adjustable 3 1/2" louvres on every panel',
          "Floor guide keeps panels straight and quiet",
        ],
        specifications: [
          ["Material", "Engineered wood composite with a baked finish"],
          ["Track", "Aluminum top track with ball-bearing rollers"],
          ["Size", SIZE_RANGE],
          ["Panels", "Two or more, sized to the opening"],
          [
            "Warranty",
            `${w.shuttersYears}-year limited plus ${w.shuttersInHouseYears}-year in-house`,
          ],
        ],
        whyChoose: [
          "The plantation-shutter look for sliding glass doors",
          "Panels never block a walkway or furniture when opened",
          labor,
        ],
      };
    case "fabric":
      return {
        features: [
          '3 1/2" woven fabric vanes that soften the light',
          "Quieter than hard vanes and dampen echo in open rooms",
          "Rotate for privacy; stack aside to open the window fully",
          "Stiffened fabric that keeps its shape",
        ],
        specifications: [
          ["Material", "Woven polyester fabric, stiffened"],
          ["Vane width", '3 1/2"'],
          ["Size", SIZE_RANGE],
          ["Controls", "Wand: turns and draws the vanes, no cords (child-safe)"],
          ["Warranty", `${w.materialsAndWorkmanshipYears} years on materials and workmanship`],
        ],
        whyChoose: [
          "A warmer, textured look than vinyl for living and bedrooms",
          "Filters harsh afternoon sun without darkening the room",
          labor,
        ],
      };
    case "aluminum":
      return {
        features: [
          '1" aluminum slats that tilt with a wand for precise light control',
          "Cordless lift: raise and lower by the bottom rail, no cords",
          "Rust-resistant finish that handles humid rooms",
          "Slim head rail fits shallow window frames",
        ],
        specifications: [
          ["Material", "Tempered aluminum with baked enamel finish"],
          ["Slat width", '1"'],
          ["Size", SIZE_RANGE],
          ["Controls", "Tilt wand and cordless lift, no cords (child-safe)"],
          ["Warranty", `${w.materialsAndWorkmanshipYears} years on materials and workmanship`],
        ],
        whyChoose: [
          "The lowest-cost custom blind for every room",
          "Light and easy to clean; ideal for offices and rentals",
          labor,
        ],
      };
    case "zebra-shades":
      return {
        features: [
          "Alternating sheer and solid bands: align them for a view, offset them for privacy",
          "Cordless, a tensioned cord loop or motorized lifting",
          "Cassette valance hides the roller",
          "Four fabric collections up to room darkening",
        ],
        specifications: [
          ["Material", "Dual-layer polyester fabric"],
          ["Size", 'Made to order from 12" to 96" wide and 12" to 108" high'],
          [
            "Controls",
            "Cordless, a cord loop held by a wall tension device, or motorized with remote",
          ],
          ["Mount", "Inside or outside"],
          ["Warranty", `${w.materialsAndWorkmanshipYears} years on materials and workmanship`],
        ],
        whyChoose: [
          "Modern look with day-and-night control in one shade",
          "Child-safe cordless and motorized options",
          labor,
        ],
      };
  }
}
