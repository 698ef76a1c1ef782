/**
 * Builds every service once per process. The Hono routers and the React Router load context
 * both receive this object, so there is one database handle and one set of rules.
 */
import path from "node:path";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db/database";
import { createOutageLog } from "./db/outage-log";
import type { Mailer } from "./email/mailer";
import { INSTANCE_ID } from "./instance";
import type { Logger } from "./logger";
import { createRateLimiters } from "./rate-limits";
import { cachedBooks, cachedMargins } from "./runtime/books-cache";
import { createCaches } from "./runtime/caches";
import { cachedDashboard } from "./runtime/dashboard-cache";
import { createMetrics } from "./runtime/metrics";
import { createReadiness } from "./runtime/readiness";
import { cachedWindows } from "./runtime/windows-cache";
import { createAccountService } from "./services/account/account";
import { createBooksExportService } from "./services/books/export";
import { createMarginService } from "./services/books/margin";
import { createBooksService } from "./services/books/reports";
import type { ServiceDeps } from "./services/deps";
import { createAdjustmentService } from "./services/orders/adjustments";
import { createCustomerOrderService } from "./services/orders/customer-order";
import { createDashboardService } from "./services/orders/dashboard";
import { createOrderTimeline } from "./services/orders/order-timeline";
import { createOrderService } from "./services/orders/orders";
import { createPaymentService } from "./services/orders/payments";
import { createTaxExemptionService } from "./services/orders/tax-exemption";
import { createAdminService } from "./services/people/admin";
import { createAuditService } from "./services/people/audit";
import { createFieldAccess } from "./services/people/field-access";
import { createStaffService } from "./services/people/staff";
import { createTwoFactorService } from "./services/people/two-factor";
import { createEmailDispatcher } from "./services/platform/email-dispatcher";
import { createIdempotencyService } from "./services/platform/idempotency";
import { createRetentionService } from "./services/platform/retention";
import { createScheduler } from "./services/platform/scheduler";
import { createTextDispatcher } from "./services/platform/text-dispatcher";
import { createCloseOutService } from "./services/purchasing/close-out";
import { createPriceGridService } from "./services/purchasing/price-grid";
import { createPurchaseOrderService } from "./services/purchasing/purchase-orders";
import { createSupplierService } from "./services/purchasing/suppliers";
import { createContactService } from "./services/requests/contact";
import { createEstimateService } from "./services/requests/estimates";
import { createSampleService } from "./services/requests/samples";
import { createTextInboxService } from "./services/requests/texts/texts";
import { createQuoteAnswerService } from "./services/sales/quote-answers";
import { createQuoteFollowUp } from "./services/sales/quote-follow-up";
import { createQuoteService } from "./services/sales/quotes";
import { createSalesSettingsService } from "./services/sales/sales-settings";
import { createAvailabilityService } from "./services/scheduling/availability";
import { createBookingService } from "./services/scheduling/booking";
import { createClosureService } from "./services/scheduling/closures";
import { createMeasurementService } from "./services/scheduling/measurements/measurements";
import { createReminderService } from "./services/scheduling/reminders";
import { createVisitService } from "./services/scheduling/visits";
import { createCartService } from "./services/storefront/cart";
import { createCatalogService } from "./services/storefront/catalog";
import { createCatalogAdminService } from "./services/storefront/catalog-admin";
import { createCatalogChanges } from "./services/storefront/catalog-changes";
import { createProductPhotoService } from "./services/storefront/product-photos";
import { createProjectService } from "./services/storefront/projects";
import { createReviewService } from "./services/storefront/reviews";
import { createTextSender } from "./texts/text-sender";

/**
 * How often a ROLE=worker process looks for queued emails and texts. A process that serves
 * requests flushes right after its own commits (kick); a worker only sees what others queued.
 */
const WORKER_POLL_MS = 2_000;

export function createServices(input: {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  mailer: Mailer;
}) {
  const { config, database, logger, mailer } = input;
  const db = database.db;
  const caches = createCaches({ enabled: config.caches, writes: database.writes });
  const catalog = createCatalogService(db, caches);
  const catalogChanges = createCatalogChanges({ db, database: config.database, logger });
  catalogChanges.subscribe(() => catalog.invalidate());
  const metrics = createMetrics({ db, poolUse: database.poolUse });
  // ROLE=web sends nothing and runs no job: the outboxes and jobs wait for a worker.
  const runsJobs = config.role !== "web";
  const emails = createEmailDispatcher({
    db,
    mailer,
    logger,
    holder: INSTANCE_ID,
    sends: runsJobs,
    onRun: (ok) => metrics.jobRan("email-outbox", ok),
  });
  const scheduler = createScheduler({
    db,
    logger,
    holder: INSTANCE_ID,
    onRun: (job, ok) => metrics.jobRan(job, ok),
  });
  const retention = createRetentionService({ db, config });
  scheduler.add(retention.job);
  const limits = createRateLimiters(db, config.business);
  const deps: ServiceDeps = {
    db,
    dialect: database.dialect,
    config,
    logger,
    catalog,
    emails,
    limits,
    caches,
  };
  const visits = createVisitService(deps);
  const texts = createTextDispatcher({
    db,
    sender: createTextSender({
      twilio: config.twilio,
      textsDir: path.join(config.dataDir, "texts"),
      logger,
    }),
    logger,
    holder: INSTANCE_ID,
    sends: runsJobs,
    onRun: (ok) => metrics.jobRan("text-outbox", ok),
  });
  const reminders = createReminderService({ ...deps, texts });
  scheduler.add(reminders.job);
  const admin = createAdminService(deps);
  const payments = createPaymentService(deps);
  const quoteFollowUp = createQuoteFollowUp(deps);
  const cart = createCartService(deps);
  scheduler.add(quoteFollowUp.job);
  return {
    ...deps,
    database,
    metrics,
    readiness: createReadiness(database),
    outage: createOutageLog({ logger, ping: () => database.ping() }),
    catalogChanges,
    scheduler,
    retention,
    idempotency: createIdempotencyService(deps),
    /** What a serving process runs beside requests; tests that build services skip it. */
    background: {
      start(): void {
        catalogChanges.start();
        if (!runsJobs) return;
        // A worker hears of no commit (the web processes queue the messages): it looks sooner.
        const pollMs = config.role === "worker" ? WORKER_POLL_MS : undefined;
        emails.start(pollMs);
        texts.start(pollMs);
        scheduler.start();
      },
      async stop(): Promise<void> {
        await scheduler.stop();
        await emails.stop();
        await texts.stop();
        await catalogChanges.stop();
      },
    },
    business: config.business,
    cart,
    projects: createProjectService(deps, cart),
    orders: createOrderService(deps),
    customerOrders: createCustomerOrderService(deps),
    reviews: createReviewService(deps),
    contact: createContactService(deps),
    samples: createSampleService(deps),
    estimates: createEstimateService(deps),
    admin,
    visits,
    measurements: createMeasurementService(deps),
    texts,
    textInbox: createTextInboxService({ ...deps, texts }),
    reminders,
    booking: cachedWindows(createBookingService(deps, visits), caches),
    closures: createClosureService({ ...deps, texts }, visits),
    availability: createAvailabilityService(deps),
    payments,
    timeline: createOrderTimeline(deps),
    adjustments: createAdjustmentService(deps),
    staff: createStaffService(deps),
    audit: createAuditService(deps),
    catalogAdmin: createCatalogAdminService({ db, catalogChanges }),
    productPhotos: createProductPhotoService({
      db,
      dataDir: config.dataDir,
      logger,
      catalogChanges,
    }),
    fieldAccess: createFieldAccess(deps),
    twoFactor: createTwoFactorService(deps),
    dashboard: cachedDashboard(createDashboardService(deps, visits), caches),
    suppliers: createSupplierService(deps),
    priceGrids: createPriceGridService(deps),
    purchaseOrders: createPurchaseOrderService(deps, admin),
    closeOuts: createCloseOutService(deps, { admin, payments }),
    quotes: createQuoteService(deps),
    quoteAnswers: createQuoteAnswerService(deps),
    quoteFollowUp,
    salesSettings: createSalesSettingsService(deps),
    account: createAccountService(deps),
    books: cachedBooks(createBooksService(deps), caches),
    margins: cachedMargins(createMarginService(deps), caches),
    booksExport: createBooksExportService(deps),
    taxExemptions: createTaxExemptionService(deps),
  };
}

export type AppServices = ReturnType<typeof createServices>;

export type { ServiceDeps };
