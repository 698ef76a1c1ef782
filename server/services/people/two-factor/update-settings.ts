import type { BackOfficeSettingsInput } from "../../../../domain/people/two-factor-schema";
import {
  findBackOfficeSettings,
  saveBackOfficeSettings,
} from "../../../db/repositories/people/back-office-settings";
import { findTwoFactorState } from "../../../db/repositories/people/two-factor";
import { AppError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { Actor } from "../actor";
import { recordAudit } from "../audit";

/**
 * Requiring two-factor for everyone is refused (409) to an owner without it: the gate would
 * at once shut them out of everything but the setup, this switch included.
 */
export async function updateBackOfficeSettings(
  deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">,
  actor: Actor,
  input: BackOfficeSettingsInput,
) {
  const { db } = deps;

  if (input.requireTwoFactor && actor.staffId !== null) {
    const own = await findTwoFactorState(db, actor.staffId);
    if (!own?.enabled) {
      throw new AppError(
        "conflict",
        "Set up your own two-factor first (Two-factor page), then require it for everyone.",
      );
    }
  }
  return db.transaction().execute(async (trx) => {
    const before = await findBackOfficeSettings(trx);
    await saveBackOfficeSettings(trx, input);
    await recordAudit(
      trx,
      actor,
      "settings",
      input.requireTwoFactor
        ? "Two-factor required for everyone"
        : "Two-factor no longer required for everyone",
      { before, after: input },
    );
    return input;
  });
}
