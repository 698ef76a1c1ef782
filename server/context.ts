/**
 * Builds every service once per process. The Hono routers and the React Router load context
 * both receive this object, so there is one database handle and one set of rules.
 */
import type { Config } from "./config";
import type { DatabaseHandle, Db, Dialect } from "./db/database";
import type { Mailer } from "./email/mailer";
import { INSTANCE_ID } from "./instance";
import type { Logger } from "./logger";
import { createAdjustmentService } from "./services/adjustments";
import { createAdminService } from "./services/admin";
import { createAuditService } from "./services/audit";
import { createCartService } from "./services/cart";
import { type CatalogService, createCatalogService } from "./services/catalog";
import { createCatalogAdminService } from "./services/catalog-admin";
import { createCatalogChanges } from "./services/catalog-changes";
import { createContactService } from "./services/contact";
import { createDashboardService } from "./services/dashboard";
import { createEmailDispatcher, type EmailDispatcher } from "./services/email-dispatcher";
import { createEstimateService } from "./services/estimates";
import { createFieldAccess } from "./services/field-access";
import { createOrderTimeline } from "./services/order-timeline";
import { createOrderService } from "./services/orders";
import { createPaymentService } from "./services/payments";
import { createRetentionService } from "./services/retention";
import { createReviewService } from "./services/reviews";
import { createSampleService } from "./services/samples";
import { createScheduler } from "./services/scheduler";
import { createStaffService } from "./services/staff";
import { createTwoFactorService } from "./services/two-factor";
import { createVisitService } from "./services/visits";

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
  const catalogChanges = createCatalogChanges({ db, database: config.database, logger });
  catalogChanges.subscribe(() => catalog.invalidate());
  const emails = createEmailDispatcher({ db, mailer, logger, holder: INSTANCE_ID });
  const scheduler = createScheduler({ db, logger, holder: INSTANCE_ID });
  const retention = createRetentionService({ db, config });
  scheduler.add(retention.job);
  const deps: ServiceDeps = { db, dialect: database.dialect, config, logger, catalog, emails };
  const visits = createVisitService(deps);
  return {
    ...deps,
    database,
    catalogChanges,
    scheduler,
    retention,
    /** What a serving process runs beside requests; tests that build services skip it. */
    background: {
      start(): void {
        catalogChanges.start();
        emails.start();
        scheduler.start();
      },
      async stop(): Promise<void> {
        await scheduler.stop();
        await emails.stop();
        await catalogChanges.stop();
      },
    },
    business: config.business,
    cart: createCartService(deps),
    orders: createOrderService(deps),
    reviews: createReviewService(deps),
    contact: createContactService(deps),
    samples: createSampleService(deps),
    estimates: createEstimateService(deps),
    admin: createAdminService(deps),
    visits,
    payments: createPaymentService(deps),
    timeline: createOrderTimeline(deps),
    adjustments: createAdjustmentService(deps),
    staff: createStaffService(deps),
    audit: createAuditService(deps),
    catalogAdmin: createCatalogAdminService({ db, catalogChanges }),
    fieldAccess: createFieldAccess(deps),
    twoFactor: createTwoFactorService(deps),
    dashboard: createDashboardService(deps, visits),
  };
}

export type AppServices = ReturnType<typeof createServices>;
