/**
 * Deletes personal data when the privacy policy says it goes (domain/retention.ts): unused
 * carts, unpublished reviews, old contact messages, old sample and estimate requests (with their
 * photo files), sent-email copies, expired admin sessions, account sign-in links and sessions
 * past their end (a used link is kept until its 15 minutes are over, so a second click still says
 * "used"),
 * and orders whose items' warranty has run out, rate-limit windows that have ended (they
 * hold addresses), and Idempotency-Key answers past their 48 hours (decision 580). A daily scheduled job (services/platform/scheduler.ts): one process runs it at a time.
 */
import {
  orderKeptUntil,
  RETENTION,
  subtractDays,
  subtractMonths,
} from "../../../domain/platform/retention";
import { deleteExpiredAccountAccess } from "../../db/repositories/account/account";
import { deleteOrders, findOrdersCreatedBefore } from "../../db/repositories/orders/orders";
import { deleteExpiredRateLimits } from "../../db/repositories/platform/rate-limits";
import {
  deleteExpiredAdminSessions,
  deleteOldContactMessages,
  deleteOldEstimateRequests,
  deleteOldSampleRequests,
  deleteSentEmails,
  deleteUnpublishedReviews,
  deleteUnusedCarts,
} from "../../db/repositories/platform/retention";
import { estimatePhotosDir, removeStoredPhotos } from "../../uploads/photos";
import type { ServiceDeps } from "../deps";
import { purgeExpiredIdempotencyKeys } from "./idempotency";
import type { ScheduledJob } from "./scheduler";

export const RETENTION_JOB = "retention-purge";

export interface PurgeCounts {
  carts: number;
  reviews: number;
  contactMessages: number;
  sentEmails: number;
  adminSessions: number;
  accountAccess: number;
  orders: number;
  rateLimits: number;
  idempotencyKeys: number;
  sampleRequests: number;
  estimateRequests: number;
}

export function createRetentionService(deps: Pick<ServiceDeps, "db" | "config">) {
  const { db, config } = deps;

  async function purgeExpired(now = new Date()): Promise<PurgeCounts> {
    const facts = config.business;
    let photoFiles: string[] = [];
    const counts = await db.transaction().execute(async (trx) => {
      const candidates = await findOrdersCreatedBefore(
        trx,
        subtractMonths(now, 12 * facts.warranty.installationLabourYears),
      );
      const expiredOrders = candidates
        .filter((o) => orderKeptUntil(o.createdAt, o.itemTypes, facts) < now)
        .map((o) => o.id);
      return {
        orders: await deleteOrders(trx, expiredOrders),
        carts: await deleteUnusedCarts(trx, subtractDays(now, RETENTION.unusedCartDays)),
        reviews: await deleteUnpublishedReviews(
          trx,
          subtractMonths(now, RETENTION.unpublishedReviewMonths),
        ),
        contactMessages: await deleteOldContactMessages(
          trx,
          subtractMonths(now, 12 * RETENTION.contactMessageYears),
        ),
        sentEmails: await deleteSentEmails(trx, subtractDays(now, RETENTION.sentEmailDays)),
        adminSessions: await deleteExpiredAdminSessions(trx, now.toISOString()),
        accountAccess: await deleteExpiredAccountAccess(trx, now.toISOString()),
        rateLimits: await deleteExpiredRateLimits(trx, now.getTime()),
        idempotencyKeys: await purgeExpiredIdempotencyKeys(trx, now),
        sampleRequests: await deleteOldSampleRequests(
          trx,
          subtractMonths(now, RETENTION.sampleRequestMonths),
        ),
        estimateRequests: await (async () => {
          const old = await deleteOldEstimateRequests(
            trx,
            subtractMonths(now, 12 * RETENTION.estimateRequestYears),
          );
          photoFiles = old.photoFiles;
          return old.count;
        })(),
      };
    });
    // Files go only once their rows are gone for good (a rolled-back purge keeps both).
    await removeStoredPhotos(estimatePhotosDir(config.dataDir), photoFiles);
    return counts;
  }

  const job: ScheduledJob = {
    name: RETENTION_JOB,
    everyMs: 24 * 60 * 60_000,
    async run() {
      return { ...(await purgeExpired()) };
    },
  };

  return { purgeExpired, job };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
