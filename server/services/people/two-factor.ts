/**
 * Two-factor sign-in (TOTP, RFC 6238) for staff: the second factor at login (a code of ±1 step,
 * never the same step twice, or a one-time recovery code), enrolment with a QR code rendered
 * here as SVG, confirmation with a first code, recovery codes shown once and stored as SHA-256,
 * turning it off, the owners' "required for everyone" setting and their reset of one person.
 * Every change appends an audit entry in the transaction of the change. Wrong codes are limited
 * per account in the database every process shares.
 */
import { type ServiceDeps, withDeps } from "../deps";
import { backOfficeSettings } from "./two-factor/back-office-settings";
import { confirmSetup } from "./two-factor/confirm-setup";
import { disableTwoFactor } from "./two-factor/disable-two-factor";
import { listStaffWithTwoFactor } from "./two-factor/list-staff";
import { pendingSetup } from "./two-factor/pending-setup";
import { regenerateRecoveryCodes } from "./two-factor/regenerate-recovery-codes";
import { resetTwoFactor } from "./two-factor/reset-two-factor";
import { createSecondFactorCheck, required } from "./two-factor/shared";
import { startSetup } from "./two-factor/start-setup";
import { twoFactorStatus } from "./two-factor/two-factor-status";
import { updateBackOfficeSettings } from "./two-factor/update-settings";

export { TWO_FACTOR_ATTEMPT_LIMIT, TWO_FACTOR_ATTEMPT_WINDOW_MS } from "../../rate-limits";
export {
  createSecondFactorCheck,
  type SecondFactorResult,
  type TwoFactorSetup,
  type TwoFactorStatus,
  verifySecondFactor,
} from "./two-factor/shared";

export function createTwoFactorService(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
) {
  return {
    required: withDeps(deps, required),
    status: withDeps(deps, twoFactorStatus),
    pendingSetup: withDeps(deps, pendingSetup),
    startSetup: withDeps(deps, startSetup),
    confirm: withDeps(deps, confirmSetup),
    regenerateRecoveryCodes: withDeps(deps, regenerateRecoveryCodes),
    disable: withDeps(deps, disableTwoFactor),
    verifyAtLogin: createSecondFactorCheck(deps.db, deps.limits.twoFactorCodes),
    settings: withDeps(deps, backOfficeSettings),
    updateSettings: withDeps(deps, updateBackOfficeSettings),
    listStaff: withDeps(deps, listStaffWithTwoFactor),
    reset: withDeps(deps, resetTwoFactor),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
