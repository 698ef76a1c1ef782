/** Review moderation and the contact-message inbox of the back office. */
import type { MessageStatus, ReviewStatus } from "../../../domain/people/admin-schema";
import { now } from "../../db/database";
import {
  findContactMessageById,
  findReviewById,
  listContactMessages,
  listReviewsByStatus,
  markContactMessageHandled,
  setReviewStatus,
} from "../../db/repositories/requests/admin-moderation";
import type { NewContactMessage } from "../../db/repositories/requests/contact-messages";
import type { NewReview } from "../../db/repositories/storefront/reviews";
import type { ContactMessageRow, ReviewRow } from "../../db/types";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";

export interface AdminReview extends Omit<NewReview, "verifiedOrderId"> {
  id: number;
  status: string;
  createdAt: string;
  moderatedAt: string | null;
}

export interface AdminMessage extends NewContactMessage {
  id: number;
  status: string;
  createdAt: string;
  handledAt: string | null;
}

function toReview(r: ReviewRow): AdminReview {
  return {
    id: r.id,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    customerLocation: r.customer_location,
    productType: r.product_type,
    rating: r.rating,
    reviewText: r.review_text,
    status: r.status,
    createdAt: r.created_at,
    moderatedAt: r.moderated_at,
  };
}

function toMessage(m: ContactMessageRow): AdminMessage {
  return {
    id: m.id,
    firstName: m.first_name,
    lastName: m.last_name,
    email: m.email,
    phone: m.phone,
    subject: m.subject,
    message: m.message,
    preferredContactMethod: m.preferred_contact_method,
    status: m.status,
    createdAt: m.created_at,
    handledAt: m.handled_at,
  };
}

export function createAdminModeration(deps: ServiceDeps) {
  const { db, logger } = deps;

  async function getMessage(id: number): Promise<AdminMessage> {
    const row = await findContactMessageById(db, id);
    if (!row) throw new AppError("not_found", "Message not found.");
    return toMessage(row);
  }

  return {
    async listReviews(status: ReviewStatus): Promise<AdminReview[]> {
      return (await listReviewsByStatus(db, status)).map(toReview);
    },

    /** Approve (published on the home page) or reject a review; either may be undone later. */
    async moderateReview(
      id: number,
      status: "approved" | "rejected",
      actor: Actor,
    ): Promise<AdminReview> {
      await db.transaction().execute(async (trx) => {
        const before = await findReviewById(trx, id);
        if (!before || !(await setReviewStatus(trx, id, status, now()))) {
          throw new AppError("not_found", "Review not found.");
        }
        await recordAudit(trx, actor, "review", `Review #${id} ${status}`, {
          before: { status: before.status },
          after: { status },
        });
      });
      logger.info("review moderated", { reviewId: id, status });
      const row = await findReviewById(db, id);
      if (!row) throw new AppError("not_found", "Review not found.");
      return toReview(row);
    },

    async listMessages(status: MessageStatus | "all"): Promise<AdminMessage[]> {
      return (await listContactMessages(db, status === "all" ? undefined : status)).map(toMessage);
    },

    getMessage,

    async markMessageHandled(id: number, actor: Actor): Promise<AdminMessage> {
      const before = await getMessage(id);
      await db.transaction().execute(async (trx) => {
        await markContactMessageHandled(trx, id, now());
        await recordAudit(trx, actor, "message", `Message #${id} marked handled`, {
          before: { status: before.status },
          after: { status: "handled" },
        });
      });
      return getMessage(id);
    },
  };
}

export type AdminModeration = ReturnType<typeof createAdminModeration>;
