import {
  countUnusedRecoveryCodes,
  findTwoFactorState,
} from "../../../db/repositories/people/two-factor";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import { required, type TwoFactorStatus } from "./shared";

export async function twoFactorStatus(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
  staffId: number,
): Promise<TwoFactorStatus> {
  const { db } = deps;

  const state = await findTwoFactorState(db, staffId);
  if (!state) throw new AppError("not_found", "Staff member not found.");
  return {
    enabled: state.enabled,
    pending: !state.enabled && state.secret !== null,
    recoveryCodesLeft: state.enabled ? await countUnusedRecoveryCodes(db, staffId) : 0,
    required: await required(deps),
  };
}
