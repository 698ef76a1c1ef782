/**
 * The review form's options, limits and display helpers, free of zod so that the pages that
 * only show reviews do not ship the validation library. The schema that uses
 * them is domain/review-schema.ts.
 */
export const REVIEW_PRODUCT_OPTIONS = [
  { value: "vinyl", label: "Vinyl Vertical Blinds" },
  { value: "standard-shutters", label: "Standard Plantation Shutters" },
  { value: "bypass-shutters", label: "Bypass Plantation Shutters" },
] as const;

export type ReviewProductType = (typeof REVIEW_PRODUCT_OPTIONS)[number]["value"];
export const REVIEW_LIMITS = {
  nameMin: 2,
  nameMax: 80,
  locationMax: 80,
  textMin: 10,
  textMax: 2000,
  emailMax: 254,
} as const;

export const DEFAULT_RATING = 5;

/** A review as the public sees it (GET /api/reviews). */
export interface PublicReview {
  id: number;
  rating: number;
  reviewText: string;
  customerName: string;
  customerLocation: string | null;
  productType: string | null;
  /** Sent from a completed order's review link. */
  verified: boolean;
}

/** "Vinyl" for vinyl, "Standard Plantation Shutters" style names otherwise. */
export function reviewProductLabel(type: string | null): string | null {
  if (!type) return null;
  return REVIEW_PRODUCT_OPTIONS.find((o) => o.value === type)?.label ?? null;
}

/** Initials for the avatar: first letters of the first two words ("Maria L." → "ML"). */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? "")
    .join("");
  return letters.toUpperCase() || "?";
}
