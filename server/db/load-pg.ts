/**
 * pg on first use: a store on SQLite (the default) never talks to Postgres, and the driver's
 * modules are ~5 MB of the serving process from its first second. Required
 * synchronously (pg is CommonJS) because openDatabase answers at once.
 */
import { createRequire } from "node:module";

type PgModule = typeof import("pg");

let pgModule: PgModule | undefined;

/** The pg module, loaded the first time a Postgres pool or client is made. */
export function loadPg(): PgModule {
  pgModule ??= createRequire(import.meta.url)("pg") as PgModule;
  return pgModule;
}
