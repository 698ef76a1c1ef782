import {
  listStaffTwoFactor,
  type StaffTwoFactorRow,
} from "../../../db/repositories/people/two-factor";
import type { ServiceDeps } from "../../deps";

/** Every staff member's two-factor state, for the owners' security page. */
export function listStaffWithTwoFactor(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
): Promise<StaffTwoFactorRow[]> {
  const { db } = deps;
  return listStaffTwoFactor(db);
}
