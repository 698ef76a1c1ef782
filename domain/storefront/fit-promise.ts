/**
 * The fit and satisfaction promise, in words built from the business facts:
 * one text for product pages, the FAQ, the warranty page and checkout.
 */
import type { BusinessFacts } from "../shared/business";

export interface FitPromise {
  title: string;
  weMeasure: { title: string; text: string };
  youMeasure: { title: string; text: string };
}

export function fitPromise(b: Pick<BusinessFacts, "fitPromise">): FitPromise {
  const { selfMeasuredFreeRemakes: remakes, selfMeasuredRemakeDays: days } = b.fitPromise;
  const remakeWords = remakes === 1 ? "one item" : `${remakes} items`;
  return {
    title: "Our fit promise",
    weMeasure: {
      title: "We measure: fit guaranteed",
      text: "Choose professional installation and our specialist measures before anything is made. If it doesn't fit, we remake it free.",
    },
    youMeasure: {
      title: "You measure: a free remake",
      text: `Measured it yourself following our measuring guide and something doesn't fit? We remake ${remakeWords} per order free within ${days} days of delivery.`,
    },
  };
}
