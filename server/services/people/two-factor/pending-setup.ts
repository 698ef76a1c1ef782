import type { ServiceDeps } from "../../deps";
import { person, setupOf, type TwoFactorSetup } from "./shared";

/** The enrolment under way (the page shows its QR code again on reload); null when none. */
export async function pendingSetup(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
  staffId: number,
): Promise<TwoFactorSetup | null> {
  const staff = await person(deps, staffId);
  if (staff.totp_enabled === 1 || !staff.totp_secret) return null;
  return setupOf(deps, staff.totp_secret, staff.email);
}
