/** Runs the migrations in server/db/migrations at start-up (Kysely's Migrator). */
import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import * as m0001 from "./migrations/0001-initial";

// Listed explicitly rather than read from disk, so the server runs the same from any
// working directory and bundler.
const MIGRATIONS: Record<string, Migration> = {
  "0001-initial": m0001,
};

const provider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
