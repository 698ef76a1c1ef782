import { StarIcon } from "../../icons";

/** Read-only stars with the rating as the accessible name. */
export function StarRating({ rating }: { rating: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5`} className="flex text-accent">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= rating} />
      ))}
    </div>
  );
}
