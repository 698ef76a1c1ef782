/**
 * npm run bench:races: the three races on one order's money, 500 rounds
 * each, on PostgreSQL when TEST_DATABASE_URL is set (where they were seen) and on SQLite.
 * Each round starts two writers of one order at once through the services; a round is wrong
 * when its outcome is not one a serial run of the two could give (tests/support/order-races.ts).
 * Prints rounds, wrong outcomes and time per race; exits 1 when any outcome is wrong.
 * Options: BENCH_ROUNDS (default 500).
 */
import { installProductionWitness, RACES, runRace } from "../tests/support/order-races";
import { createTestStore } from "../tests/support/test-app";
import type { TestDialect } from "../tests/support/test-database";
import { printTable } from "./table";

const ROUNDS = Number(process.env.BENCH_ROUNDS || 500);

async function main() {
  const dialects: TestDialect[] = process.env.TEST_DATABASE_URL
    ? ["postgres", "sqlite"]
    : ["sqlite"];
  if (!process.env.TEST_DATABASE_URL) {
    process.stdout.write(
      "TEST_DATABASE_URL is not set: SQLite only (the races were seen on PostgreSQL).\n",
    );
  }
  const rows: string[][] = [];
  let anyWrong = false;
  for (const dialect of dialects) {
    const store = await createTestStore(dialect, { LOG_LEVEL: "silent" });
    try {
      await installProductionWitness(store.services.db, dialect);
      for (const race of RACES) {
        const started = performance.now();
        const result = await runRace(store, race, ROUNDS);
        const seconds = (performance.now() - started) / 1000;
        if (result.wrong > 0) anyWrong = true;
        rows.push([
          dialect,
          race,
          String(ROUNDS),
          String(result.wrong),
          `${seconds.toFixed(1)} s`,
          result.examples[0] ?? "",
        ]);
        process.stderr.write(`${dialect} ${race}: ${result.wrong} wrong of ${ROUNDS}\n`);
      }
    } finally {
      await store.close();
    }
  }
  printTable(["database", "race", "rounds", "wrong outcomes", "time", "first wrong"], rows);
  if (anyWrong) process.exit(1);
}

main().catch((error) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
