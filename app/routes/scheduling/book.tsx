/**
 * /book: a free measurement visit booked online. ZIP first (outside the area: the phone number), then a week of arrival windows,
 * then name, contact, address and the texts consent; the confirmation with the invite. Two plain
 * forms (GET for the ZIP and the week, POST for the booking): it all works without JavaScript.
 */
import { data, Form, Link } from "react-router";
import schedulingWords from "../../../domain/i18n/compiled/en/scheduling.js";
import type { Language } from "../../../domain/i18n/language";
import { languageOfPath } from "../../../domain/i18n/paths";
import { CUSTOMER_FIELD_LABELS } from "../../../domain/orders/checkout-fields";
import { BOOKING_NOTE_MAX, TEXT_CONSENT_WORDS } from "../../../domain/scheduling/booking-fields";
import { bookingFromForm, bookingSchema } from "../../../domain/scheduling/booking-schema";
import { startOfWeek } from "../../../domain/scheduling/visit-time";
import { phoneHref } from "../../../domain/shared/business";
import { ErrorSummary, RequestSent } from "../../components/requests/form-parts";
import { BookingDetails } from "../../components/scheduling/booking-details";
import { visitWhenIn } from "../../components/scheduling/visit-words";
import { WindowPicker, weekOf } from "../../components/scheduling/window-picker";
import { InfoHeader } from "../../components/storefront/info/info-layout";
import { fieldRefusal } from "../../lib/action-errors.server";
import { type Translate, translator, useLanguage, useLocalized, useT } from "../../lib/i18n";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { requestFormAction } from "../../lib/request-forms.server";
import { useRequestForm } from "../../lib/use-request-form";
import { useRootData } from "../../root";
import type { Route } from "./+types/book";

type SchedulingKey = keyof typeof schedulingWords;

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
  const t = translator(languageOfPath(url.pathname), "scheduling", schedulingWords);
  if (!/^\d{5}(-\d{4})?$/.test(zipCode)) {
    return answer({ windows: null, refusal: t("book.zipInvalid"), closed: false });
  }
  try {
    const windows = await context.services.booking.windows(zipCode);
    return answer({ windows, refusal: null, closed: false });
  } catch (error) {
    const refusal = fieldRefusal(error, context, "zipCode");
    const spanish = languageOfPath(url.pathname) === "es";
    return answer({
      windows: null,
      refusal: spanish ? t("book.zipOutside") : refusal,
      closed: false,
    });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  return requestFormAction({
    request,
    context,
    labels: LABELS,
    // The page's language becomes the booking's (its invite, emails and texts).
    fromForm: (form) => ({ ...bookingFromForm(form), language }),
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
        when: view ? visitWhenIn(language, view) : `${booked.date} ${booked.start}`,
        firstName: input.firstName,
        email: input.email,
      };
    },
  });
}

const FIELD_KEYS: Readonly<Record<string, SchedulingKey | undefined>> = {
  firstName: "field.firstName",
  lastName: "field.lastName",
  email: "field.email",
  phone: "field.phone",
  address: "field.address",
  city: "field.city",
  zipCode: "field.zipCode",
  date: "field.date",
  start: "field.date",
  note: "field.note",
};

/** The field messages in the page's language (the schema's own words on the English page). */
function fieldErrorsIn(
  t: Translate<SchedulingKey>,
  language: Language,
  errors: Readonly<Record<string, string>>,
): Record<string, string> {
  if (language === "en") return { ...errors };
  return Object.fromEntries(
    Object.keys(errors).map((name) => [name, t(FIELD_KEYS[name] ?? "field.other")]),
  );
}

export function headers() {
  return NO_STORE;
}

export function meta({ matches, data: loaded, location }: Route.MetaArgs) {
  const order = loaded?.forOrder;
  const language = languageOfPath(location.pathname);
  const t = translator(language, "scheduling", schedulingWords);
  return pageMeta({
    language,
    title: order ? t("book.meta.titleOrder", { number: order.orderNumber }) : t("book.meta.title"),
    description: t("book.meta.description"),
    path: "/book",
    root: rootFromMatches(matches),
  });
}

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { zipCode, week, links, windows, refusal, closed, forOrder } = loaderData;
  const t = useT("scheduling", schedulingWords);
  const language = useLanguage();
  const localized = useLocalized();
  const form = useRequestForm(actionData, localized("/book"), {
    id: "book-form",
    schema: () =>
      import("../../../domain/scheduling/booking-schema").then((m) => ({
        schema: m.bookingSchema,
        fromForm: m.bookingFromForm,
      })),
    labels: LABELS,
  });
  const shownErrors = fieldErrorsIn(t, language, form.errors);
  const shown = windows ? weekOf(windows, week, startOfWeek) : null;
  const weekIndex = shown ? Math.min(Math.max(0, week), Math.max(0, shown.weeks.length - 1)) : 0;
  const query = (w: number) =>
    `${localized("/book")}?${new URLSearchParams({ zipCode, week: String(w), ...(links.estimateReference ? { estimate: links.estimateReference } : {}), ...(links.orderReference ? { order: links.orderReference } : {}) })}`;

  if (form.sent) {
    const sent = form.sent;
    return (
      <>
        <InfoHeader title={t("book.title")} intro={null} />
        <div className="container-page py-10">
          <RequestSent
            id="booked"
            headingRef={form.successRef}
            heading={t("book.booked", { name: sent.firstName })}
            actions={
              <>
                <a
                  href={`/api/bookings/${sent.reference}/invite.ics`}
                  className="btn-primary"
                  download="measurement-visit.ics"
                >
                  {t("book.calendar")}
                </a>
                <Link to={localized(`/bookings/${sent.reference}`)} className="btn-secondary">
                  {t("book.moveOrCancel")}
                </Link>
              </>
            }
          >
            <p className="mt-3 text-lg">{t("book.within", { when: sent.when })}</p>
            <p className="mt-3 text-muted">
              {t("book.emailed", { email: sent.email, phone: business.phone })}
            </p>
          </RequestSent>
        </div>
      </>
    );
  }

  if (closed) {
    return (
      <>
        <InfoHeader title={t("book.title")} intro={null} />
        <div className="container-page py-10">
          <section aria-labelledby="closed-title" className="card max-w-2xl space-y-3">
            <h2 id="closed-title" className="text-xl font-bold">
              {t("book.closed.title")}
            </h2>
            <p>{t("book.closed.text")}</p>
            <a href={phoneHref(business.phone)} className="btn-primary">
              {t("book.call", { phone: business.phone })}
            </a>
            <p className="text-muted">
              {t("book.closed.or")}{" "}
              <Link to={localized("/estimate")} className="underline">
                {t("book.closed.estimate")}
              </Link>{" "}
              {t("book.closed.callBack")}
            </p>
          </section>
        </div>
      </>
    );
  }

  return (
    <>
      <InfoHeader
        title={forOrder ? t("book.titleOrder", { number: forOrder.orderNumber }) : t("book.title")}
        intro={forOrder ? <p>{t("book.introOrder")}</p> : <p>{t("book.intro")}</p>}
      />
      <div className="container-page grid gap-8 py-10">
        <Form
          method="get"
          action={localized("/book")}
          className="flex max-w-md flex-wrap items-end gap-3"
          aria-labelledby="zip-title"
        >
          <h2 id="zip-title" className="w-full text-xl font-bold">
            {t("book.where")}
          </h2>
          <div className="grow">
            <label htmlFor="zip-lookup" className="field-label">
              {t("book.zip")}
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
            {t("book.showTimes")}
          </button>
          {refusal ? (
            <p id="zip-refusal" role="alert" className="w-full text-danger">
              {refusal}{" "}
              <a href={phoneHref(business.phone)} className="font-semibold underline">
                {t("book.call", { phone: business.phone })}
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
              {t("book.pick")}
            </h2>
            <ErrorSummary {...form.summary} title={t("book.notBooked")} className="sm:col-span-2" />
            {shown.windows.length === 0 ? (
              <p className="sm:col-span-2">
                {t("book.noTimes")}{" "}
                <a href={phoneHref(business.phone)} className="underline">
                  {business.phone}
                </a>
                .
              </p>
            ) : (
              <WindowPicker
                windows={shown.windows}
                chosen={typeof form.values.window === "string" ? form.values.window : undefined}
                error={shownErrors.date ?? shownErrors.start}
                legend={t("book.legend", { week: weekIndex + 1, weeks: shown.weeks.length })}
              />
            )}
            <nav aria-label={t("book.weeks")} className="flex flex-wrap gap-3 sm:col-span-2">
              {weekIndex > 0 ? (
                <Link to={query(weekIndex - 1)} className="btn-secondary">
                  {t("book.earlier")}
                </Link>
              ) : null}
              {weekIndex < shown.weeks.length - 1 ? (
                <Link to={query(weekIndex + 1)} className="btn-secondary">
                  {t("book.later")}
                </Link>
              ) : null}
            </nav>
            {/* Nothing free in the whole horizon: the phone number above, no form to fill. */}
            {(windows?.length ?? 0) > 0 ? (
              <>
                <BookingDetails
                  values={forOrder ? { ...forOrder.values, ...form.values } : form.values}
                  errors={shownErrors}
                  zipCode={zipCode}
                  links={links}
                  consentWords={language === "es" ? t("book.texts") : TEXT_CONSENT_WORDS}
                  words={{
                    title: t("book.details"),
                    required: t("book.required"),
                    emailHint: t("book.emailHint"),
                    zip: t("book.zip"),
                    note: t("book.note"),
                  }}
                  noteMax={BOOKING_NOTE_MAX}
                />
                <div className="sm:col-span-2">
                  <button
                    type="submit"
                    className="btn-primary w-full sm:w-auto"
                    disabled={form.submitting}
                  >
                    {form.submitting ? t("book.booking") : t("book.submit")}
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
