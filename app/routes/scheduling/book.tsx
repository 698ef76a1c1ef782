/**
 * /book: a free measurement visit booked online. ZIP first (outside the area: the phone number), then a week of arrival windows,
 * then name, contact, address and the texts consent; the confirmation with the invite. Two plain
 * forms (GET for the ZIP and the week, POST for the booking): it all works without JavaScript.
 */
import { data, Form, Link } from "react-router";
import { CUSTOMER_FIELD_LABELS } from "../../../domain/orders/checkout-fields";
import { BOOKING_NOTE_MAX, TEXT_CONSENT_WORDS } from "../../../domain/scheduling/booking-fields";
import { bookingFromForm, bookingSchema } from "../../../domain/scheduling/booking-schema";
import { startOfWeek } from "../../../domain/scheduling/visit-time";
import { phoneHref } from "../../../domain/shared/business";
import { ErrorSummary, RequestSent } from "../../components/requests/form-parts";
import { BookingDetails } from "../../components/scheduling/booking-details";
import { WindowPicker, weekOf } from "../../components/scheduling/window-picker";
import { InfoHeader } from "../../components/storefront/info/info-layout";
import { fieldRefusal } from "../../lib/action-errors.server";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { requestFormAction } from "../../lib/request-forms.server";
import { useRequestForm } from "../../lib/use-request-form";
import { useRootData } from "../../root";
import type { Route } from "./+types/book";

const NO_STORE = { "Cache-Control": "private, no-store" };

const LABELS = {
  date: "Arrival window",
  start: "Arrival window",
  ...CUSTOMER_FIELD_LABELS,
  note: "Note",
  textReminders: "Texts",
  estimateReference: "Estimate request",
  orderReference: "Order",
};

/**
 * "Pick a time" after an order opens /book for that order: its name, address and ZIP filled in, never a new lead's empty form.
 */
async function orderToBook(context: Route.LoaderArgs["context"], reference: string) {
  if (!reference) return null;
  const told = await context.services.customerOrders.byReference(reference);
  if (!told || told.order.status === "completed" || told.order.status === "cancelled") return null;
  const o = told.order;
  return {
    orderNumber: o.order_number,
    values: {
      firstName: o.first_name,
      lastName: o.last_name,
      address: o.address,
      city: o.city,
      zipCode: o.zip_code,
    },
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const week = Number(url.searchParams.get("week") ?? "0") || 0;
  const links = {
    estimateReference: url.searchParams.get("estimate") ?? "",
    orderReference: url.searchParams.get("order") ?? "",
  };
  const forOrder = await orderToBook(context, links.orderReference);
  const zipCode = (url.searchParams.get("zipCode") ?? forOrder?.values.zipCode ?? "").trim();
  const answer = (more: {
    windows: Awaited<ReturnType<typeof context.services.booking.windows>> | null;
    refusal: string | null;
    closed: boolean;
  }) => data({ zipCode, week, links, forOrder, ...more }, { headers: NO_STORE });
  // No installer has hours: nothing could be booked, so the page says so and gives the phone.
  if (!(await context.services.booking.isOpen())) {
    return answer({ windows: null, refusal: null, closed: true });
  }
  if (!zipCode) return answer({ windows: null, refusal: null, closed: false });
  if (!/^\d{5}(-\d{4})?$/.test(zipCode)) {
    return answer({
      windows: null,
      refusal: "Enter a 5-digit ZIP code, such as 33901.",
      closed: false,
    });
  }
  try {
    const windows = await context.services.booking.windows(zipCode);
    return answer({ windows, refusal: null, closed: false });
  } catch (error) {
    return answer({
      windows: null,
      refusal: fieldRefusal(error, context, "zipCode"),
      closed: false,
    });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return requestFormAction({
    request,
    context,
    labels: LABELS,
    fromForm: bookingFromForm,
    schema: bookingSchema,
    keep: (form) => ({
      window: String(form.get("window") ?? ""),
      textReminders: form.get("textReminders") === "on" ? "true" : "",
    }),
    submit: async (input) => {
      const booked = await context.services.booking.book(input, context.clientAddress);
      const view = await context.services.booking.findForCustomer(booked.reference);
      return {
        ok: true as const,
        reference: booked.reference,
        when: view?.when ?? `${booked.date} ${booked.start}`,
        firstName: input.firstName,
        email: input.email,
      };
    },
  });
}

export function headers() {
  return NO_STORE;
}

export function meta({ matches, data: loaded }: Route.MetaArgs) {
  const order = loaded?.forOrder;
  return pageMeta({
    title: order
      ? `Your Measurement Visit for Order #${order.orderNumber}`
      : "Book a Free Measurement Visit",
    description:
      "Pick a 2-hour arrival window for a free in-home measurement visit in Lee County, FL: we measure every window, bring samples and quote on the spot.",
    path: "/book",
    root: rootFromMatches(matches),
  });
}

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { zipCode, week, links, windows, refusal, closed, forOrder } = loaderData;
  const form = useRequestForm(actionData, "/book", {
    id: "book-form",
    schema: () =>
      import("../../../domain/scheduling/booking-schema").then((m) => ({
        schema: m.bookingSchema,
        fromForm: m.bookingFromForm,
      })),
    labels: LABELS,
  });
  const shown = windows ? weekOf(windows, week, startOfWeek) : null;
  const weekIndex = shown ? Math.min(Math.max(0, week), Math.max(0, shown.weeks.length - 1)) : 0;
  const query = (w: number) =>
    `/book?${new URLSearchParams({ zipCode, week: String(w), ...(links.estimateReference ? { estimate: links.estimateReference } : {}), ...(links.orderReference ? { order: links.orderReference } : {}) })}`;

  if (form.sent) {
    const sent = form.sent;
    return (
      <>
        <InfoHeader title="Book a Free Measurement Visit" intro={null} />
        <div className="container-page py-10">
          <RequestSent
            id="booked"
            headingRef={form.successRef}
            heading={<>You're booked, {sent.firstName}!</>}
            actions={
              <>
                <a
                  href={`/api/bookings/${sent.reference}/invite.ics`}
                  className="btn-primary"
                  download="measurement-visit.ics"
                >
                  Add to my calendar
                </a>
                <Link to={`/bookings/${sent.reference}`} className="btn-secondary">
                  Move or cancel
                </Link>
              </>
            }
          >
            <p className="mt-3 text-lg">{sent.when} (we arrive within this window).</p>
            <p className="mt-3 text-muted">
              We've emailed the calendar invite to {sent.email}. You can move or cancel the visit
              until 24 hours before it starts; after that, call {business.phone}.
            </p>
          </RequestSent>
        </div>
      </>
    );
  }

  if (closed) {
    return (
      <>
        <InfoHeader title="Book a Free Measurement Visit" intro={null} />
        <div className="container-page py-10">
          <section aria-labelledby="closed-title" className="card max-w-2xl space-y-3">
            <h2 id="closed-title" className="text-xl font-bold">
              Online booking isn't open yet
            </h2>
            <p>Call us to book your free measurement visit: we'll find a time that suits you.</p>
            <a href={phoneHref(business.phone)} className="btn-primary">
              Call {business.phone}
            </a>
            <p className="text-muted">
              Or{" "}
              <Link to="/estimate" className="underline">
                ask for a free estimate
              </Link>{" "}
              and we'll call you back.
            </p>
          </section>
        </div>
      </>
    );
  }

  return (
    <>
      <InfoHeader
        title={
          forOrder
            ? `Your measurement visit for Order #${forOrder.orderNumber}`
            : "Book a Free Measurement Visit"
        }
        intro={
          forOrder ? (
            <p>
              Pick a 2-hour arrival window. Our specialist measures every window of your order and
              confirms the sizes before anything is made. Your details are filled in below.
            </p>
          ) : (
            <p>
              Pick a 2-hour arrival window. Our specialist measures every window, brings samples and
              gives you a written quote. Free, with no obligation.
            </p>
          )
        }
      />
      <div className="container-page grid gap-8 py-10">
        <Form
          method="get"
          action="/book"
          className="flex max-w-md flex-wrap items-end gap-3"
          aria-labelledby="zip-title"
        >
          <h2 id="zip-title" className="w-full text-xl font-bold">
            1. Where is the visit?
          </h2>
          <div className="grow">
            <label htmlFor="zip-lookup" className="field-label">
              ZIP code
            </label>
            <input
              id="zip-lookup"
              name="zipCode"
              defaultValue={zipCode}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              required
              className="field"
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? "zip-refusal" : undefined}
            />
          </div>
          {links.estimateReference ? (
            <input type="hidden" name="estimate" value={links.estimateReference} />
          ) : null}
          {links.orderReference ? (
            <input type="hidden" name="order" value={links.orderReference} />
          ) : null}
          <button type="submit" className="btn-secondary">
            Show times
          </button>
          {refusal ? (
            <p id="zip-refusal" role="alert" className="w-full text-danger">
              {refusal}{" "}
              <a href={phoneHref(business.phone)} className="font-semibold underline">
                Call {business.phone}
              </a>
            </p>
          ) : null}
        </Form>

        {shown ? (
          <Form
            {...form.formProps}
            noValidate
            method="post"
            action={query(weekIndex)}
            className="grid max-w-4xl gap-4 sm:grid-cols-2"
            aria-labelledby="window-title"
          >
            <h2 id="window-title" className="text-xl font-bold sm:col-span-2">
              2. Pick an arrival window
            </h2>
            <ErrorSummary
              {...form.summary}
              title="Your visit was not booked. Please check these fields:"
              className="sm:col-span-2"
            />
            {shown.windows.length === 0 ? (
              <p className="sm:col-span-2">
                No times are free online right now. Please call us at{" "}
                <a href={phoneHref(business.phone)} className="underline">
                  {business.phone}
                </a>
                .
              </p>
            ) : (
              <WindowPicker
                windows={shown.windows}
                chosen={typeof form.values.window === "string" ? form.values.window : undefined}
                error={form.errors.date ?? form.errors.start}
                legend={`Arrival windows, week ${weekIndex + 1} of ${shown.weeks.length}`}
              />
            )}
            <nav aria-label="Weeks" className="flex flex-wrap gap-3 sm:col-span-2">
              {weekIndex > 0 ? (
                <Link to={query(weekIndex - 1)} className="btn-secondary">
                  Earlier week
                </Link>
              ) : null}
              {weekIndex < shown.weeks.length - 1 ? (
                <Link to={query(weekIndex + 1)} className="btn-secondary">
                  Later week
                </Link>
              ) : null}
            </nav>
            {/* Nothing free in the whole horizon: the phone number above, no form to fill. */}
            {(windows?.length ?? 0) > 0 ? (
              <>
                <BookingDetails
                  values={forOrder ? { ...forOrder.values, ...form.values } : form.values}
                  errors={form.errors}
                  zipCode={zipCode}
                  links={links}
                  consentWords={TEXT_CONSENT_WORDS}
                  noteMax={BOOKING_NOTE_MAX}
                />
                <div className="sm:col-span-2">
                  <button
                    type="submit"
                    className="btn-primary w-full sm:w-auto"
                    disabled={form.submitting}
                  >
                    {form.submitting ? "Booking..." : "Book My Visit"}
                  </button>
                </div>
              </>
            ) : null}
          </Form>
        ) : null}
      </div>
    </>
  );
}
