/**
 * Shopper-facing references of sample and estimate requests ("S-7K3M9QXD"): 40 random bits in
 * Crockford base 32, easy to read over the phone. They name a request in emails and calls; no
 * page is reached by them, so they need not be unguessable like an order's status link.
 */
import { type BusinessFacts, serviceAreaProblem } from "../../../domain/shared/business";
import { AppError } from "../../errors";
import { randomCrockford } from "../../random-reference";

export function newRequestReference(prefix: "S" | "E"): string {
  return `${prefix}-${randomCrockford(5)}`;
}

/** 422 `outside_service_area` (the one sentence, on the zipCode field) outside the area. */
export function requireServiceZip(business: BusinessFacts, zip: string, what: string): void {
  const problem = serviceAreaProblem(business, zip, what);
  if (problem) {
    throw new AppError("outside_service_area", problem, { fields: { zipCode: problem } });
  }
}
