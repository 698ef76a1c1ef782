/**
 * Deletes personal data when the privacy policy says it goes (domain/retention.ts): unused
 * carts, unpublished reviews, old contact messages, sent-email copies, expired admin sessions,
 * and orders whose items' warranty has run out. Runs at start-up and then daily.
 */
import { orderKeptUntil, RETENTION, subtractDays, subtractMonths } from "../../domain/retention";
import type { ServiceDeps } from "../context";
import {
  deleteExpiredAdminSessions,
  deleteOldContactMessages,
  deleteOrders,
  deleteSentEmails,
  deleteUnpublishedReviews,
  deleteUnusedCarts,
  findOrdersCreatedBefore,
} from "../db/repositories/retention";

export interface PurgeCounts {
  carts: number;
  reviews: number;
  contactMessages: number;
  sentEmails: number;
  adminSessions: number;
  orders: number;
}

export function createRetentionService(deps: Pick<ServiceDeps, "db" | "config" | "logger">) {
  const { db, config, logger } = deps;
  let timer: NodeJS.Timeout | null = null;

  async function purgeExpired(now = new Date()): Promise<PurgeCounts> {
    const facts = config.business;
    return db.transaction().execute(async (trx) => {
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
      };
    });
  }

  async function run(): Promise<void> {
    try {
      const counts = await purgeExpired();
      if (Object.values(counts).some((n) => n > 0)) logger.info("retention purge", { ...counts });
    } catch (error) {
      logger.error("retention purge failed", { error });
    }
  }

  return {
    purgeExpired,
    start(intervalMs = 24 * 60 * 60_000): void {
      if (timer) return;
      void run();
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
