/**
 * npm run db:copy -- --to postgres://user@host:5432/store [--from ./data/store.db]
 *
 * Copies a STOPPED SQLite store into an empty PostgreSQL database: every table with its ids,
 * identity sequences set past the highest id, the store id with the rest; then compares row
 * counts and order totals on both sides and says so (exit code 1 when anything differs).
 * The source defaults to the store's own database (DATABASE_URL or DATA_DIR/store.db).
 * Afterwards start the store with DATABASE_URL set to the same postgres:// address and the
 * same DATA_DIR. See README "Moving to PostgreSQL".
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config";
import { copySqliteToPostgres } from "../server/db/copy-to-postgres";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  const { values } = parseArgs({
    options: { to: { type: "string" }, from: { type: "string" } },
  });
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    fail("Usage: npm run db:copy -- --to postgres://user@host:5432/database [--from store.db]");
  }
  let from = values.from;
  if (!from) {
    const config = loadConfig();
    if (config.database.dialect !== "sqlite") {
      fail("DATABASE_URL already names PostgreSQL: give the SQLite file with --from.");
    }
    from = config.database.filename;
  }
  process.stdout.write(`Copying ${from} → ${values.to.replace(/\/\/[^@/]*@/, "//…@")}\n`);
  process.stdout.write("The store must be stopped: writes made during the copy would be lost.\n");
  const report = await copySqliteToPostgres({
    sqliteFile: from,
    postgresUrl: values.to,
    log: (line) => process.stdout.write(`  ${line}\n`),
  });
  process.stdout.write("\n| table | SQLite rows | PostgreSQL rows | same |\n|---|---|---|---|\n");
  for (const t of report.tables) {
    process.stdout.write(
      `| ${t.table} | ${t.source} | ${t.target} | ${t.source === t.target ? "✓" : "✗"} |\n`,
    );
  }
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  process.stdout.write(
    `\nOrders: ${report.source.orders} totalling ${dollars(report.source.totalCents)} in SQLite, ` +
      `${report.target.orders} totalling ${dollars(report.target.totalCents)} in PostgreSQL; ` +
      `every order's total ${report.source.fingerprint === report.target.fingerprint ? "matches" : "does NOT match"}.\n`,
  );
  if (!report.ok) fail("\nVerification FAILED: the copy differs from the source. Do not switch.");
  process.stdout.write(
    "\nVerified: every table has the same rows and every order the same total on both sides.\n" +
      "Start the store with DATABASE_URL set to the PostgreSQL address and the same DATA_DIR.\n",
  );
}

main().catch((error) => {
  if (error instanceof ConfigError) fail(error.message);
  fail(`db:copy failed: ${error instanceof Error ? error.message : String(error)}`);
});
