import type { PublicReview } from "../../../../domain/storefront/review-schema";
import type { Db } from "../../database";
import { now } from "../../database";
import type { ReviewRow } from "../../types";

export interface NewReview {
  customerName: string;
  customerEmail: string;
  customerLocation: string | null;
  productType: string | null;
  rating: number;
  reviewText: string;
  /** The completed order whose review link sent it: a verified purchase (migration 0014). */
  verifiedOrderId?: number | null;
}

/** Stores a review as pending (published only after the owner approves it). */
export async function insertPendingReview(db: Db, review: NewReview): Promise<number> {
  const row = await db
    .insertInto("reviews")
    .values({
      customer_name: review.customerName,
      customer_email: review.customerEmail,
      customer_location: review.customerLocation,
      product_type: review.productType,
      rating: review.rating,
      review_text: review.reviewText,
      status: "pending",
      created_at: now(),
      moderated_at: null,
      verified: review.verifiedOrderId ? 1 : 0,
      order_id: review.verifiedOrderId ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Approved reviews, newest submitted first, in the public shape (no email, no status). */
export async function listApprovedReviews(db: Db, limit = 50): Promise<PublicReview[]> {
  const rows = await db
    .selectFrom("reviews")
    .select([
      "id",
      "rating",
      "review_text",
      "customer_name",
      "customer_location",
      "product_type",
      "verified",
    ])
    .where("status", "=", "approved")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    rating: Number(r.rating),
    reviewText: r.review_text,
    customerName: r.customer_name,
    customerLocation: r.customer_location,
    productType: r.product_type,
    verified: Number(r.verified) === 1,
  }));
}

export async function findReviewById(db: Db, id: number): Promise<ReviewRow | undefined> {
  return db.selectFrom("reviews").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The completed order a review link belongs to, or undefined. */
export async function findOrderIdByReviewTokenHash(
  db: Db,
  hash: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("review_token_hash", "=", hash)
    .where("status", "=", "completed")
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}
