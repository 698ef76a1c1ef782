/** config → database → migrate → seed → services: shared by main, dev and the tests. */
import path from "node:path";
import type { Config } from "./config";
import { createServices } from "./context";
import {
  checkDatabaseFile,
  checkStoreId,
  prepareDataFolder,
  readStoreIdFile,
  recordStoreId,
} from "./data-folder";
import { type DatabaseHandle, openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { seedCatalog } from "./db/seed";
import { createMailer, type Mailer } from "./email/mailer";
import type { Logger } from "./logger";

/**
 * The store's database, checked to be the data folder's, migrated: shared by the
 * server and `npm run admin:password`. Throws StoreIdentityError when they are not the same
 * store's; the database is closed again on any failure.
 */
export async function openStoreDatabase(
  config: Config,
  logger: Logger,
  options: { seed?: boolean } = {},
): Promise<DatabaseHandle> {
  prepareDataFolder(config.dataDir);
  const storeId = readStoreIdFile(config.dataDir);
  checkDatabaseFile(config, storeId);
  const database = openDatabase(config.database);
  try {
    await checkStoreId(database.db, config, storeId);
    const applied = await migrateToLatest(database.db);
    if (applied.length) logger.info("migrations applied", { migrations: applied });
    if (options.seed) await seedCatalog(database.db);
    await recordStoreId(database.db, config, storeId, logger);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}

export async function bootstrap(config: Config, logger: Logger, options: { mailer?: Mailer } = {}) {
  const database = await openStoreDatabase(config, logger, { seed: true });
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, "outbox"),
      from: `${config.business.name} <${config.business.email}>`,
      logger,
    });
  const services = createServices({ config, database, logger, mailer });
  return {
    services,
    async close() {
      await services.background.stop();
      mailer.close();
      await database.close();
    },
  };
}
