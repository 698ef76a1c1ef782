import type { ArrivalWindow } from "../../../../domain/scheduling/booking-windows";
import { requireServiceZip } from "../../requests/request-reference";
import { type BookingServiceDeps, publicWindows } from "./shared";

/** GET /api/booking/windows: the free windows (no names), after the ZIP check. */
export async function bookingWindows(
  deps: BookingServiceDeps,
  zipCode: string,
  at: Date = deps.clock(),
): Promise<ArrivalWindow[]> {
  const { config } = deps;
  const business = config.business;

  requireServiceZip(business, zipCode, "visit homes");
  return publicWindows(deps, at);
}
