/**
 * The review form. conform checks it in the browser with the same schema
 * as POST /api/reviews; the server's answer decides, and its `fields` are shown
 * at their fields. The hidden `website` field is a honeypot.
 */
import { useId, useRef, useState } from "react";
import {
  DEFAULT_RATING,
  REVIEW_LIMITS,
  REVIEW_PRODUCT_OPTIONS,
  reviewInputSchema,
} from "../../../../domain/storefront/review-schema";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { type FormFailure, failureFromAnswer, fieldA11y, useSchemaForm } from "../../../lib/forms";
import { CloseIcon, StarIcon } from "../../icons";
import { useToast } from "../../toast";

const LABELS = {
  customerName: "Your name",
  customerEmail: "Email",
  customerLocation: "Location",
  productType: "Product purchased",
  rating: "Rating",
  reviewText: "Your review",
};

export function ReviewForm({
  id,
  storeEmail,
  onClose,
  onSubmitted,
}: {
  id: string;
  storeEmail: string;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [rating, setRating] = useState(DEFAULT_RATING);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const uid = useId();
  const fieldId = (name: string) => `${uid}-${name}`;

  async function send(form: FormData) {
    if (submitting) return;
    const text = (name: string) => String(form.get(name) ?? "");
    const body = {
      customerName: text("customerName"),
      customerEmail: text("customerEmail"),
      customerLocation: text("customerLocation"),
      productType: text("productType"),
      rating,
      reviewText: text("reviewText"),
      website: text("website"),
      // The completion email's link (/?review=…): the review is marked a verified purchase.
      reviewToken: new URLSearchParams(window.location.search).get("review"),
    };
    setFailure(null);
    setSubmitting(true);
    try {
      await apiRequest("POST", "/api/reviews", { body });
      formRef.current?.reset();
      setRating(DEFAULT_RATING);
      toast({
        title: "Review Submitted",
        description:
          "Thank you! Your review has been submitted and will be published after verification.",
      });
      onSubmitted();
    } catch (error) {
      setFailure(
        failureFromAnswer(
          error instanceof ApiError ? { ...error.details, code: error.code } : {},
          LABELS,
        ),
      );
      toast({
        title: "Submission Failed",
        description: `Please try again or contact us at ${storeEmail}`,
        variant: "destructive",
      });
    } finally {
      setSubmitting(false);
    }
  }

  const { errors, formProps } = useSchemaForm({
    id: `${uid}-form`,
    schema: reviewInputSchema,
    labels: LABELS,
    failure,
    onValid: (form) => void send(form),
  });
  const formError = failure && !failure.fieldsOnly && failure.message ? failure.message : null;
  const a11y = (name: string) => fieldA11y(errors, name, fieldId(name));
  const errorText = (name: string) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className="mt-1 text-sm text-danger">
        {errors[name]}
      </p>
    ) : null;

  return (
    <section id={id} aria-labelledby={`${uid}-title`} className="card mt-6 text-left">
      <div className="flex items-start justify-between gap-4">
        <h3 id={`${uid}-title`} className="text-xl font-semibold">
          Share Your Experience
        </h3>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close review form"
          className="-m-2 flex min-h-11 min-w-11 items-center justify-center rounded"
        >
          <CloseIcon />
        </button>
      </div>
      <p className="mt-1 text-sm text-muted">
        Reviews are published after we check them. Your email is never shown.
      </p>
      <form ref={formRef} {...formProps} className="mt-5 grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fieldId("customerName")} className="field-label">
            Your Name *
          </label>
          <input
            id={fieldId("customerName")}
            name="customerName"
            required
            minLength={REVIEW_LIMITS.nameMin}
            maxLength={REVIEW_LIMITS.nameMax}
            autoComplete="name"
            className="field"
            {...a11y("customerName")}
          />
          {errorText("customerName")}
        </div>
        <div>
          <label htmlFor={fieldId("customerEmail")} className="field-label">
            Email *
          </label>
          <input
            id={fieldId("customerEmail")}
            name="customerEmail"
            type="email"
            required
            maxLength={REVIEW_LIMITS.emailMax}
            autoComplete="email"
            className="field"
            {...a11y("customerEmail")}
          />
          {errorText("customerEmail")}
        </div>
        <div>
          <label htmlFor={fieldId("customerLocation")} className="field-label">
            Location
          </label>
          <input
            id={fieldId("customerLocation")}
            name="customerLocation"
            maxLength={REVIEW_LIMITS.locationMax}
            autoComplete="address-level2"
            placeholder="e.g. Cape Coral"
            className="field"
            {...a11y("customerLocation")}
          />
          {errorText("customerLocation")}
        </div>
        <div>
          <label htmlFor={fieldId("productType")} className="field-label">
            Product Purchased
          </label>
          <select id={fieldId("productType")} name="productType" className="field" defaultValue="">
            <option value="">Select a product (optional)</option>
            {REVIEW_PRODUCT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="field-label">Your Rating *</legend>
          <div className="flex gap-1">
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded text-accent has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent has-[:focus-visible]:outline-offset-2"
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => setRating(n)}
                  required
                  className="sr-only"
                />
                <StarIcon filled={n <= rating} />
                <span className="sr-only">
                  {n} {n === 1 ? "star" : "stars"}
                </span>
              </label>
            ))}
            <span className="ml-2 self-center text-sm text-muted" aria-hidden="true">
              {rating} of 5
            </span>
          </div>
        </fieldset>
        <div className="sm:col-span-2">
          <label htmlFor={fieldId("reviewText")} className="field-label">
            Your Review *
          </label>
          <textarea
            id={fieldId("reviewText")}
            name="reviewText"
            required
            minLength={REVIEW_LIMITS.textMin}
            maxLength={REVIEW_LIMITS.textMax}
            rows={5}
            className="field"
            {...fieldA11y(errors, "reviewText", fieldId("reviewText"), `${uid}-text-hint`)}
          />
          <p id={`${uid}-text-hint`} className="mt-1 text-sm text-muted">
            {REVIEW_LIMITS.textMin}–{REVIEW_LIMITS.textMax} characters.
          </p>
          {errorText("reviewText")}
        </div>
        {/* Honeypot: hidden from people and assistive technology; bots fill it. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={fieldId("website")}>Website</label>
          <input id={fieldId("website")} name="website" tabIndex={-1} autoComplete="off" />
        </div>
        {formError ? (
          <p role="alert" className="text-sm text-danger sm:col-span-2">
            {formError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={submitting}>
            {submitting ? "Submitting..." : "Submit Review"}
          </button>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
