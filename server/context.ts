/**
 * Builds every service once per process. The Hono routers and the React Router load context
 * both receive this object, so there is one database handle and one set of rules.
 */
import type { Config } from "./config";
import type { DatabaseHandle, Db, Dialect } from "./db/database";
import type { Mailer } from "./email/mailer";
import type { Logger } from "./logger";
import { createAdminService } from "./services/admin";
import { createCartService } from "./services/cart";
import { type CatalogService, createCatalogService } from "./services/catalog";
import { createContactService } from "./services/contact";
import { createEmailDispatcher, type EmailDispatcher } from "./services/email-dispatcher";
import { createOrderService } from "./services/orders";
import { createRetentionService } from "./services/retention";
import { createReviewService } from "./services/reviews";

/** What every service factory receives. */
export interface ServiceDeps {
  db: Db;
  dialect: Dialect;
  config: Config;
  logger: Logger;
  catalog: CatalogService;
  emails: EmailDispatcher;
}

export function createServices(input: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  mailer: Mailer;
}) {
  const { config, database, logger, mailer } = input;
  const db = database.db;
  const catalog = createCatalogService(db);
  const emails = createEmailDispatcher({ db, mailer, logger });
  const deps: ServiceDeps = { db, dialect: database.dialect, config, logger, catalog, emails };
  return {
    ...deps,
    database,
    business: config.business,
    cart: createCartService(deps),
    orders: createOrderService(deps),
    reviews: createReviewService(deps),
    contact: createContactService(deps),
    admin: createAdminService(deps),
    retention: createRetentionService(deps),
  };
}

export type AppServices = ReturnType<typeof createServices>;
