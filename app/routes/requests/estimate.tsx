import { Form, Link } from "react-router";
import {
  CUSTOMER_FIELD_LABELS,
  VISIT_WINDOW_LABELS,
  VISIT_WINDOWS,
} from "../../../domain/orders/checkout-fields";
import {
  ESTIMATE_PRODUCT_TYPES,
  estimateRequestFromForm,
  estimateRequestSchema,
} from "../../../domain/requests/estimate-schema";
import {
  ESTIMATE_MESSAGE_MAX,
  ESTIMATE_PHOTO_ACCEPT,
  ESTIMATE_PHOTO_BYTES_MAX,
  ESTIMATE_PHOTOS_MAX,
  ESTIMATE_WINDOWS_MAX,
} from "../../../domain/requests/request-fields";
import { phoneHref } from "../../../domain/shared/business";
import {
  AddressFields,
  ContactFields,
  describedBy,
  ErrorSummary,
  FieldError,
  Honeypot,
  RequestSent,
} from "../../components/requests/form-parts";
import { InfoHeader } from "../../components/storefront/info/info-layout";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { photosFromForm, requestFormAction } from "../../lib/request-forms.server";
import { useRequestForm } from "../../lib/use-request-form";
import { useRootData } from "../../root";
import type { Route } from "./+types/estimate";

const LABELS = {
  ...CUSTOMER_FIELD_LABELS,
  windowCount: "Number of windows",
  productTypes: "Products",
  preferredWindow: "Preferred visit time",
  message: "Message",
  photos: "Photos",
};

export async function loader({ context }: Route.LoaderArgs) {
  const [products, services] = await Promise.all([
    context.services.catalog.listProducts(),
    context.services.catalog.listServices(),
  ]);
  const names = new Map<string, string>([
    ...products.map((p): [string, string] => [p.type, p.name]),
    ...services.map((s): [string, string] => [s.type, s.name]),
  ]);
  return {
    products: ESTIMATE_PRODUCT_TYPES.filter((t) => names.has(t)).map((t) => ({
      type: t,
      name: names.get(t) ?? t,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return requestFormAction({
    request,
    context,
    labels: LABELS,
    fromForm: estimateRequestFromForm,
    schema: estimateRequestSchema,
    submit: async (input, form) => {
      const photos = await photosFromForm(form);
      const result = await context.services.estimates.submit(input, photos, context.clientAddress);
      return {
        ok: true as const,
        reference: result.reference,
        firstName: input.firstName,
        phone: input.phone,
        photoCount: result.photoCount,
      };
    },
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Free In-Home Estimate",
    description:
      "Ask for a free in-home estimate for blinds, shutters and shades in Lee County, FL: we measure, show samples and quote on the spot. Add photos of your windows.",
    path: "/estimate",
    root: rootFromMatches(matches),
  });
}

export default function Estimate({ loaderData, actionData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { submitting, sent, errors, values, formProps, successRef, summary } = useRequestForm(
    actionData,
    "/estimate",
    {
      id: "estimate-form",
      schema: () =>
        import("../../../domain/requests/estimate-schema").then((m) => ({
          schema: m.estimateRequestSchema,
        })),
      labels: LABELS,
    },
  );
  const chosenTypes = Array.isArray(values.productTypes) ? values.productTypes : [];

  const text = (name: string) => {
    const value = values[name];
    return typeof value === "string" ? value : "";
  };

  return (
    <>
      <InfoHeader
        title="Free In-Home Estimate"
        intro={
          <p>
            Our specialist comes to your home in {business.county}, measures every window, brings
            samples and gives you a written quote. Free, with no obligation.
          </p>
        }
      />
      <div className={`container-page py-10${sent ? "" : " lg:flex lg:items-start lg:gap-12"}`}>
        {sent ? (
          <RequestSent
            id="estimate-sent"
            headingRef={successRef}
            heading={<>Thank you, {sent.firstName}! We received your request.</>}
            actions={
              <>
                <Link to={`/book?estimate=${sent.reference}`} className="btn-primary">
                  Pick a time now
                </Link>
                <Link to="/" className="btn-secondary">
                  Browse products
                </Link>
                <Link to="/samples" className="btn-secondary">
                  Order free samples
                </Link>
              </>
            }
          >
            <p className="mt-3 text-muted">
              Your request is <strong>{sent.reference}</strong>
              {sent.photoCount
                ? ` with ${sent.photoCount} photo${sent.photoCount === 1 ? "" : "s"}`
                : ""}
              . We'll call you at {sent.phone} within one business day to set a time. We've emailed
              you a confirmation; questions? Call {business.phone}.
            </p>
          </RequestSent>
        ) : (
          <Form
            {...formProps}
            method="post"
            action="/estimate"
            encType="multipart/form-data"
            className="grid max-w-3xl flex-1 gap-4 sm:grid-cols-2"
            aria-labelledby="estimate-form-title"
          >
            <h2 id="estimate-form-title" className="text-xl font-bold sm:col-span-2">
              Request your free estimate
            </h2>
            <ErrorSummary
              {...summary}
              title="Your request was not sent. Please check these fields:"
              className="sm:col-span-2"
            />
            <p className="text-sm text-muted sm:col-span-2">Fields marked * are required.</p>
            <ContactFields values={values} errors={errors} phoneHint="We call to set a time." />
            <AddressFields
              values={values}
              errors={errors}
              streetClassName="sm:col-span-2"
              zipHint={`We visit homes in ${business.county}.`}
            />
            <div>
              <label htmlFor="windowCount" className="field-label">
                Number of windows *
              </label>
              <input
                id="windowCount"
                name="windowCount"
                type="number"
                min={1}
                max={ESTIMATE_WINDOWS_MAX}
                step={1}
                required
                inputMode="numeric"
                defaultValue={text("windowCount") || "1"}
                className="field"
                aria-invalid={errors.windowCount ? true : undefined}
                aria-describedby={describedBy(errors, "windowCount")}
              />
              <FieldError errors={errors} name="windowCount" />
            </div>
            <div>
              <label htmlFor="preferredWindow" className="field-label">
                Preferred visit time
              </label>
              <select
                id="preferredWindow"
                name="preferredWindow"
                defaultValue={text("preferredWindow")}
                className="field"
                aria-invalid={errors.preferredWindow ? true : undefined}
                aria-describedby={describedBy(errors, "preferredWindow")}
              >
                <option value="">Any time</option>
                {VISIT_WINDOWS.map((w) => (
                  <option key={w} value={w}>
                    {VISIT_WINDOW_LABELS[w]}
                  </option>
                ))}
              </select>
              <FieldError errors={errors} name="preferredWindow" />
            </div>
            <fieldset
              id="productTypes"
              tabIndex={-1}
              className="sm:col-span-2"
              aria-describedby={describedBy(errors, "productTypes")}
            >
              <legend className="field-label">What are you interested in? (optional)</legend>
              <div className="grid gap-x-6 sm:grid-cols-2">
                {loaderData.products.map((p) => (
                  <label key={p.type} className="flex min-h-11 cursor-pointer items-center gap-2">
                    <input
                      type="checkbox"
                      name="productTypes"
                      value={p.type}
                      defaultChecked={chosenTypes.includes(p.type)}
                      className="h-6 w-6 accent-primary"
                    />
                    {p.name}
                  </label>
                ))}
              </div>
              <FieldError errors={errors} name="productTypes" />
            </fieldset>
            <div className="sm:col-span-2">
              <label htmlFor="photos" className="field-label">
                Photos of your windows (optional)
              </label>
              <input
                id="photos"
                name="photos"
                type="file"
                multiple
                accept={ESTIMATE_PHOTO_ACCEPT}
                className="field"
                aria-invalid={errors.photos ? true : undefined}
                aria-describedby={describedBy(errors, "photos", "photos-hint")}
              />
              <p id="photos-hint" className="mt-1 text-sm text-muted">
                Up to {ESTIMATE_PHOTOS_MAX} photos, JPEG, PNG or WebP,{" "}
                {ESTIMATE_PHOTO_BYTES_MAX / 1024 / 1024} MB each. We remove location data and show
                them only to our team.
              </p>
              <FieldError errors={errors} name="photos" />
            </div>
            <div className="sm:col-span-2">
              <label htmlFor="message" className="field-label">
                Anything we should know? (optional)
              </label>
              <textarea
                id="message"
                name="message"
                rows={4}
                maxLength={ESTIMATE_MESSAGE_MAX}
                defaultValue={text("message")}
                className="field"
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={describedBy(errors, "message")}
              />
              <FieldError errors={errors} name="message" />
            </div>
            <Honeypot />
            <div className="sm:col-span-2">
              <button type="submit" className="btn-primary w-full sm:w-auto" disabled={submitting}>
                {submitting ? "Sending..." : "Request My Free Estimate"}
              </button>
            </div>
          </Form>
        )}
        {sent ? null : <OtherWaysToBook phone={business.phone} />}
      </div>
    </>
  );
}

/** Beside the form on wide screens, under it on phones: booking a time now, or calling. */
function OtherWaysToBook({ phone }: { phone: string }) {
  return (
    <aside
      aria-labelledby="other-ways"
      className="mt-10 space-y-4 rounded-lg bg-surface p-6 lg:sticky lg:top-28 lg:mt-0 lg:w-80 lg:shrink-0"
    >
      <h2 id="other-ways" className="text-lg font-bold">
        Rather pick a time now?
      </h2>
      <p className="text-sm text-muted">
        Book the same free visit online: choose a 2-hour arrival window and get a calendar invite
        straight away.
      </p>
      <Link to="/book" className="btn-secondary w-full">
        Pick a time online
      </Link>
      <p className="text-sm text-muted">
        Prefer to talk? Call{" "}
        <a href={phoneHref(phone)} className="font-semibold text-primary underline">
          {phone}
        </a>
        .
      </p>
    </aside>
  );
}
