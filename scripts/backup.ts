/**
 * npm run backup [-- --to path/to/copy.db]
 *
 * A consistent copy of the store's SQLite database while the store keeps running, with SQLite's
 * online backup (better-sqlite3's backup()): pages are copied in steps, and a write made during
 * the copy restarts what it changed, so the copy is one moment of the database. Default
 * destination: DATA_DIR/backups/store-YYYYMMDD-HHMMSS.db (0600 in a 0700 folder). The copy is
 * checked (integrity_check) and its orders counted. Restore: README "Backups and restore".
 * On PostgreSQL use pg_dump instead; this script says so.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SQLite from "better-sqlite3";
import { ConfigError, loadConfig } from "../server/config";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

async function main() {
  const { values } = parseArgs({ options: { to: { type: "string" } } });
  const config = loadConfig();
  if (config.database.dialect !== "sqlite") {
    fail(
      "The store runs on PostgreSQL: back it up with pg_dump (README, Backups and restore), not this script.",
    );
  }
  const source = config.database.filename;
  if (!fs.existsSync(source)) fail(`No database at ${source}.`);
  const destination = path.resolve(
    values.to ?? path.join(config.dataDir, "backups", `store-${stamp(new Date())}.db`),
  );
  if (fs.existsSync(destination)) fail(`${destination} exists already; choose another name.`);
  fs.mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });

  const db = new SQLite(source, { fileMustExist: true, readonly: true });
  try {
    await db.backup(destination);
  } finally {
    db.close();
  }
  fs.chmodSync(destination, 0o600);

  const copy = new SQLite(destination, { readonly: true });
  try {
    const check = copy.pragma("integrity_check", { simple: true });
    if (check !== "ok") fail(`The copy failed its integrity check: ${String(check)}`);
    const orders = copy.prepare<[], { n: number }>("select count(*) as n from orders").get();
    process.stdout.write(
      `Backed up ${source}\n     to ${destination} (${fs.statSync(destination).size} bytes, ${orders?.n ?? 0} orders, integrity ok)\n`,
    );
  } finally {
    copy.close();
  }
}

main().catch((error) => {
  if (error instanceof ConfigError) fail(error.message);
  fail(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
});
