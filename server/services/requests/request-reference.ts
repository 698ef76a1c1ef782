/**
 * Shopper-facing references of sample and estimate requests ("S-7K3M9QXD"): 40 random bits in
 * Crockford base 32, easy to read over the phone. They name a request in emails and calls; no
 * page is reached by them, so they need not be unguessable like an order's status link.
 */
import { randomBytes } from "node:crypto";
import { type BusinessFacts, serviceAreaProblem } from "../../../domain/business";
import { AppError } from "../../errors";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

export function newRequestReference(prefix: "S" | "E"): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = "";
  for (let i = 0; i < 8; i++) {
    out = CROCKFORD[Number(bits & 31n)] + out;
    bits >>= 5n;
  }
  return `${prefix}-${out}`;
}

/** 422 `outside_service_area` (the one sentence, on the zipCode field) outside the area. */
export function requireServiceZip(business: BusinessFacts, zip: string, what: string): void {
  const problem = serviceAreaProblem(business, zip, what);
  if (problem) {
    throw new AppError("outside_service_area", problem, { fields: { zipCode: problem } });
  }
}
