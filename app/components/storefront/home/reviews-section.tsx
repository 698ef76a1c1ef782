/**
 * Home reviews section (id testimonials, spec §2): approved reviews load in the browser
 * after hydration (three skeletons meanwhile), a quiet line when there are none,
 * then the 'Write a Review' toggle and four assurance tiles. No review is ever invented.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import storefront from "../../../../domain/i18n/compiled/en/storefront.js";
import type { PublicReview } from "../../../../domain/storefront/review-fields";
import { apiRequest } from "../../../lib/api-client";
import { useT } from "../../../lib/i18n";
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
  const t = useT("storefront", storefront);
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
      title: t("reviews.tile.verified.title"),
      text: t("reviews.tile.verified.text"),
    },
    {
      title: t("reviews.tile.local.title"),
      text: t("reviews.tile.local.text", { county: business.county }),
    },
    {
      title: t("reviews.tile.warranty.title", {
        years: business.warranty.materialsAndWorkmanshipYears,
      }),
      text: t("reviews.tile.warranty.text"),
    },
    {
      title: t("reviews.tile.answers.title"),
      text: t("reviews.tile.answers.text", { hours: business.contactReplyHours }),
    },
  ];

  return (
    <section id="testimonials" aria-labelledby="reviews-title" className="py-14 sm:py-20">
      <div className="container-page">
        <div className="text-center">
          <h2 id="reviews-title" className="text-3xl font-semibold sm:text-4xl">
            {t("reviews.title")}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-muted">
            {t("reviews.lead", { county: business.county })}
          </p>
        </div>

        <div className="mt-8" aria-busy={state.status === "loading"}>
          {state.status === "loading" ? (
            <>
              <p role="status" className="sr-only">
                {t("reviews.loading")}
              </p>
              <div className="grid gap-5 md:grid-cols-3">
                <ReviewSkeleton />
                <ReviewSkeleton />
                <ReviewSkeleton />
              </div>
            </>
          ) : state.status === "error" ? (
            <p className="card text-center text-muted">{t("reviews.error")}</p>
          ) : state.reviews.length === 0 ? (
            <p className="mx-auto max-w-xl text-center text-muted">{t("reviews.none")}</p>
          ) : (
            <ul className="grid gap-5 md:grid-cols-3" aria-label={t("reviews.list")}>
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
            {t("reviews.write")}
          </button>
          {formOpen ? (
            <Suspense fallback={<p className="mt-6 text-muted">{t("reviews.formLoading")}</p>}>
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
          aria-label={t("reviews.promises")}
        >
          {tiles.map((tile) => (
            <li key={tile.title} className="text-center">
              <h3 className="font-semibold">{tile.title}</h3>
              <p className="mt-2 text-sm text-muted">{tile.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
