/** "New review waiting for approval" to the store. Every value is escaped in the HTML. */
import type { BusinessFacts } from "../../domain/shared/business";
import { type ReviewInput, reviewProductLabel } from "../../domain/storefront/review-schema";
import type { NewEmail } from "../db/repositories/platform/email-outbox";
import { emailLayout, escapeHtml, textFooter } from "./render";

export function newReviewEmail(input: {
  business: BusinessFacts;
  storeEmail: string;
  publicUrl: string;
  reviewId: number;
  review: ReviewInput;
}): NewEmail {
  const { business, review } = input;
  const rows: [string, string][] = [
    ["Name", review.customerName],
    ["Email", review.customerEmail],
    ["Location", review.customerLocation ?? "(not given)"],
    ["Product", reviewProductLabel(review.productType) ?? "(not given)"],
    ["Rating", `${review.rating} of 5`],
  ];
  const adminUrl = `${input.publicUrl}/admin/reviews`;
  const title = "New review waiting for approval";
  const text = `${title}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${review.reviewText}\n\nIt stays hidden until you approve it in the admin: ${adminUrl}\n${textFooter(business, { forStore: true })}`;
  const html = emailLayout(
    business,
    title,
    `<table style="border-collapse:collapse;margin-bottom:12px">${rows
      .map(
        ([k, v]) =>
          `<tr><th style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`,
      )
      .join("")}</table>
<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #1d4e5f;white-space:pre-wrap">${escapeHtml(review.reviewText)}</blockquote>
<p>It stays hidden until you approve it in the <a href="${escapeHtml(adminUrl)}">admin</a>.</p>`,
    { forStore: true },
  );
  return {
    kind: "review_store",
    to: input.storeEmail,
    subject: `New ${review.rating}-star review from ${review.customerName}`,
    text,
    html,
    relatedType: "review",
    relatedId: input.reviewId,
  };
}
