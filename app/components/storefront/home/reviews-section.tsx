/**
 * Home reviews section (id testimonials, spec §2): approved reviews load in the browser
 * after hydration (three skeletons meanwhile), a quiet line when there are none,
 * then the 'Write a Review' toggle and four assurance tiles. No review is ever invented.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { PublicReview } from "../../../../domain/storefront/review-fields";
import { apiRequest } from "../../../lib/api-client";
import { useRootData } from "../../../lib/root-data";
import { ReviewCard, ReviewSkeleton } from "../reviews/review-card";

// The form (and zod, which validates it in the browser) is fetched when the visitor asks for
// it, or is about to (pointer over / focus on the button), not with the home page.
const loadReviewForm = () => import("../reviews/review-form");
const ReviewForm = lazy(() => loadReviewForm().then((m) => ({ default: m.ReviewForm })));
const preloadReviewForm = () => {
  void loadReviewForm();
};

type ReviewsState =
  | { status: "loading" }
  | { status: "ready"; reviews: PublicReview[] }
  | { status: "error" };

const FORM_ID = "review-form";

export function ReviewsSection() {
  const { business } = useRootData();
  const [state, setState] = useState<ReviewsState>({ status: "loading" });
  const [formOpen, setFormOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    try {
      const reviews = await apiRequest<PublicReview[]>("GET", "/api/reviews");
      setState({ status: "ready", reviews });
    } catch {
      setState({ status: "error" });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // The completion email's review link (/?review=…#testimonials) opens the form.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).has("review")) setFormOpen(true);
  }, []);

  function closeForm() {
    setFormOpen(false);
    toggleRef.current?.focus();
  }

  const tiles = [
    {
      title: "Verified Reviews",
      text: "Every review is checked before it is published, and none are written by us.",
    },
    {
      title: "Local Team",
      text: `Measured and installed by our own team across ${business.county}.`,
    },
    {
      title: `${business.warranty.materialsAndWorkmanshipYears}-Year Warranty`,
      text: "On materials and workmanship, for every product we sell.",
    },
    {
      title: "Quick Answers",
      text: `Questions about an order? We reply within ${business.contactReplyHours} hours.`,
    },
  ];

  return (
    <section id="testimonials" aria-labelledby="reviews-title" className="py-14 sm:py-20">
      <div className="container-page">
        <div className="text-center">
          <h2 id="reviews-title" className="text-3xl font-semibold sm:text-4xl">
            Verified Customer Reviews
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-muted">
            What customers in {business.county} say after their blinds and shutters are installed.
          </p>
        </div>

        <div className="mt-8" aria-busy={state.status === "loading"}>
          {state.status === "loading" ? (
            <>
              <p role="status" className="sr-only">
                Loading reviews...
              </p>
              <div className="grid gap-5 md:grid-cols-3">
                <ReviewSkeleton />
                <ReviewSkeleton />
                <ReviewSkeleton />
              </div>
            </>
          ) : state.status === "error" ? (
            <p className="card text-center text-muted">
              Reviews could not be loaded right now. Please try again later.
            </p>
          ) : state.reviews.length === 0 ? (
            <p className="mx-auto max-w-xl text-center text-muted">
              No reviews published yet. Bought from us? Tell others how it went.
            </p>
          ) : (
            <ul className="grid gap-5 md:grid-cols-3" aria-label="Customer reviews">
              {state.reviews.map((r) => (
                <li key={r.id}>
                  <ReviewCard review={r} />
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="mt-8 text-center">
          <button
            ref={toggleRef}
            type="button"
            className="btn-primary"
            aria-expanded={formOpen}
            aria-controls={formOpen ? FORM_ID : undefined}
            onPointerEnter={preloadReviewForm}
            onFocus={preloadReviewForm}
            onClick={() => setFormOpen((open) => !open)}
          >
            Write a Review
          </button>
          {formOpen ? (
            <Suspense fallback={<p className="mt-6 text-muted">Loading the review form…</p>}>
              <ReviewForm
                id={FORM_ID}
                storeEmail={business.email}
                onClose={closeForm}
                onSubmitted={() => {
                  closeForm();
                  void load();
                }}
              />
            </Suspense>
          ) : null}
        </div>

        <ul
          className="mt-14 grid gap-x-6 gap-y-8 border-t border-line pt-10 sm:grid-cols-2 lg:grid-cols-4"
          aria-label="Our promises"
        >
          {tiles.map((t) => (
            <li key={t.title} className="text-center">
              <h3 className="font-semibold">{t.title}</h3>
              <p className="mt-2 text-sm text-muted">{t.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
