import {
  initials,
  type PublicReview,
  reviewProductLabel,
} from "../../../../domain/storefront/review-fields";
import { StarRating } from "./star-rating";

/** Product line of a card: the product's name, or the spec's "type + ' Blinds'" for others. */
function productLine(type: string | null): string | null {
  if (!type) return null;
  return reviewProductLabel(type) ?? `${type} Blinds`;
}

/** One approved review. Every value is rendered as text by React, never as HTML. */
export function ReviewCard({ review }: { review: PublicReview }) {
  const product = productLine(review.productType);
  return (
    <article className="card flex h-full flex-col" aria-label={`Review by ${review.customerName}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating rating={review.rating} />
        {review.verified ? (
          <span className="rounded-full bg-primary-light px-2 py-0.5 text-xs font-semibold text-primary-dark">
            Verified purchase
          </span>
        ) : null}
      </div>
      <blockquote className="mt-3 flex-1 whitespace-pre-line break-words text-ink">
        <p>“{review.reviewText}”</p>
      </blockquote>
      <footer className="mt-4 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-white"
        >
          {initials(review.customerName)}
        </span>
        <div className="min-w-0 text-sm">
          <p className="font-semibold break-words">{review.customerName}</p>
          {review.customerLocation ? (
            <p className="text-muted break-words">{review.customerLocation}</p>
          ) : null}
          {product ? <p className="text-muted">{product}</p> : null}
        </div>
      </footer>
    </article>
  );
}

export function ReviewSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="review-skeleton"
      className="card motion-safe:animate-pulse"
    >
      <div className="h-4 w-28 rounded bg-line" />
      <div className="mt-4 h-3 w-full rounded bg-line" />
      <div className="mt-2 h-3 w-5/6 rounded bg-line" />
      <div className="mt-2 h-3 w-2/3 rounded bg-line" />
      <div className="mt-5 flex items-center gap-3">
        <div className="h-11 w-11 rounded-full bg-line" />
        <div className="h-3 w-24 rounded bg-line" />
      </div>
    </div>
  );
}
