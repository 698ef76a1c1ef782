/**
 * Vitest setup file for `npm run test:previous-release` (decision 541): inside the previous
 * release's checkout, its `migrateToLatest` is replaced by this release's, so every database its
 * harness creates gets this release's schema, and the previous release's code and tests then run
 * on it unchanged. Everything else in its migrate module (pendingMigrations, migrateTo) stays its
 * own. PREVIOUS_RELEASE_DIR is the checkout, set by scripts/previous-release/run.ts.
 */
import { vi } from "vitest";
import { migrateToLatest as thisReleasesMigrateToLatest } from "../../server/db/migrate";

vi.mock(`${process.env.PREVIOUS_RELEASE_DIR}/server/db/migrate.ts`, async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  migrateToLatest: thisReleasesMigrateToLatest,
}));

// Proof that the swap took, in every test file: without it this run would test nothing new.
const previous = await import(`${process.env.PREVIOUS_RELEASE_DIR}/server/db/migrate.ts`);
if (previous.migrateToLatest !== thisReleasesMigrateToLatest) {
  throw new Error("the previous release's migrateToLatest was not replaced by this release's");
}
