/**
 * Reviews: visitors submit (stored pending, the store is emailed), the public sees approved
 * reviews only. Submissions are limited per client address; the honeypot drops bots silently.
 */

import { createHash } from "node:crypto";
import type { PublicReview, ReviewInput } from "../../../domain/storefront/review-schema";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import {
  findOrderIdByReviewTokenHash,
  insertPendingReview,
  listApprovedReviews,
} from "../../db/repositories/storefront/reviews";
import { newReviewEmail } from "../../email/review-emails";
import type { ServiceDeps } from "../deps";

export { REVIEW_SUBMISSIONS_PER_HOUR } from "../../rate-limits";

/** The review link's token is stored hashed on the order. */
export function hashReviewToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface SubmissionResult {
  /** False when the honeypot caught a bot: nothing stored, the answer looks the same. */
  stored: boolean;
  id: number | null;
}

export function createReviewService(deps: ServiceDeps) {
  const { db, config, logger, emails } = deps;
  const rateLimiter = deps.limits.reviews;

  return {
    rateLimiter,

    listApproved(): Promise<PublicReview[]> {
      return listApprovedReviews(db);
    },

    async submit(review: ReviewInput, clientAddress: string): Promise<SubmissionResult> {
      await rateLimiter.consume(clientAddress);
      if (review.website) {
        logger.info("review dropped by honeypot");
        return { stored: false, id: null };
      }
      const id = await db.transaction().execute(async (trx) => {
        // A link that is unknown or not of a completed order leaves the review unverified.
        const verifiedOrderId = review.reviewToken
          ? await findOrderIdByReviewTokenHash(trx, hashReviewToken(review.reviewToken))
          : undefined;
        const reviewId = await insertPendingReview(trx, { ...review, verifiedOrderId });
        await enqueueEmail(
          trx,
          newReviewEmail({
            business: config.business,
            storeEmail: config.storeEmail,
            publicUrl: config.publicUrl,
            reviewId,
            review,
          }),
        );
        return reviewId;
      });
      emails.kick();
      logger.info("review submitted", { reviewId: id });
      return { stored: true, id };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
