import { countInstallersWithHours } from "../../../db/repositories/scheduling/availability";
import type { BookingServiceDeps } from "./shared";

/**
 * Whether online booking is open: some active installer has weekly hours.
 * Closed, /book gives the phone number instead of a form and the dashboard says why.
 */
export async function isBookingOpen(deps: BookingServiceDeps): Promise<boolean> {
  const { db } = deps;

  return (await countInstallersWithHours(db)) > 0;
}
