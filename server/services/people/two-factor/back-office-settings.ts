import { findBackOfficeSettings } from "../../../db/repositories/people/back-office-settings";
import type { ServiceDeps } from "../../deps";

/** The login's check (createSecondFactorCheck), for tests and other callers. */
export function backOfficeSettings(deps: Pick<ServiceDeps, "db" | "config" | "logger" | "limits">) {
  const { db } = deps;
  return findBackOfficeSettings(db);
}
