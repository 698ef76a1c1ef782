/** config → database → migrate → seed → services: shared by main, dev and the tests. */
import path from "node:path";
import type { Config } from "./config";
import { createServices } from "./context";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { seedCatalog } from "./db/seed";
import { createMailer, type Mailer } from "./email/mailer";
import type { Logger } from "./logger";

export async function bootstrap(config: Config, logger: Logger, options: { mailer?: Mailer } = {}) {
  const database = openDatabase(config.database);
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) logger.info("migrations applied", { migrations: applied });
    await seedCatalog(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
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
      services.retention.stop();
      await services.emails.stop();
      mailer.close();
      await database.close();
    },
  };
}
