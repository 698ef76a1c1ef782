/** The warranty page: what is covered, for how long, what is not, and how to claim. */
import type { PublicBusinessFacts } from "../shared/business";

export interface Coverage {
  title: string;
  term: string;
  text: string;
}

export function warrantyCoverage(b: PublicBusinessFacts): Coverage[] {
  const w = b.warranty;
  return [
    {
      title: "Materials and workmanship",
      term: `${w.materialsAndWorkmanshipYears} years`,
      text: "Every product we sell: defects in materials, components and the way it was made.",
    },
    {
      title: "Vinyl vertical blinds",
      term: `${w.vinylYears}-year limited`,
      text: "Vanes, carriers, track and headrail against cracking, warping and mechanical failure in normal use.",
    },
    {
      title: "Plantation shutters",
      term: `${w.shuttersYears}-year limited`,
      text: `Panels, louvers, frames and hinges against warping, cracking and finish peeling. For the first ${w.shuttersInHouseYears} years we handle every repair in-house, visit included.`,
    },
    {
      title: "Installation labor",
      term: `${w.installationLabourYears} years`,
      text: "Anything we installed that comes loose, misaligns or stops working because of how it was installed; we come back and fix it at no charge, and you keep lifetime support for adjustments.",
    },
  ];
}

export const WARRANTY_EXCLUSIONS = [
  "Normal wear, and gradual color change from years of direct sun",
  "Damage from accidents, misuse, pets, children pulling on cords or vanes",
  "Damage from storms, flooding, fire or other events beyond normal use",
  "Damage from cleaning with bleach, solvents, abrasives or steam",
  "Products altered, repaired or re-installed by anyone other than us",
  "Labor for installations not done by our team",
  "Batteries of motorized shades",
] as const;

export function claimSteps(b: PublicBusinessFacts): { title: string; text: string }[] {
  return [
    {
      title: "Tell us what is wrong",
      text: `Call ${b.phone} or email ${b.email} with your order reference and a short description.`,
    },
    {
      title: "Send a photo",
      text: `A photo or short video of the problem helps us bring the right part. We answer within ${b.contactReplyHours} hours.`,
    },
    {
      title: "We inspect",
      text: `A technician checks the item at your home anywhere in ${b.county}, at no charge for a covered claim.`,
    },
    {
      title: "Repair or replace",
      text: "We repair the item or replace the faulty part or product, and install it for you.",
    },
  ];
}
