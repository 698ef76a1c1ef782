/**
 * two writers of one order's money at once. On PostgreSQL each
 * race runs 50 rounds (npm run bench:races runs 500); on SQLite, whose transactions are serial
 * (BEGIN IMMEDIATE), 10 rounds show the same rules hold. Every round must end as some serial
 * order of the two writers would leave it.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { installProductionWitness, RACES, runRace } from "../../support/order-races";
import { createTestStore, type TestStore } from "../../support/test-app";
import { describeEachDialect } from "../../support/test-database";

describeEachDialect("one writer of an order's money at a time on %s", (dialect) => {
  const rounds = dialect === "postgres" ? 50 : 10;
  let store: TestStore;

  beforeAll(async () => {
    store = await createTestStore(dialect);
    await installProductionWitness(store.services.db, dialect);
  });
  afterAll(async () => {
    await store?.close();
  });

  for (const race of RACES) {
    it(`${race}: ${rounds} rounds, none wrong`, { timeout: 120_000 }, async () => {
      const result = await runRace(store, race, rounds);
      expect(result.examples).toEqual([]);
      expect(result.wrong).toBe(0);
    });
  }
});
