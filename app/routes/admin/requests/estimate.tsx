/**
 * /admin/estimates/:estimateId: one estimate request with its photos; the office books its
 * measurement visit into a free arrival window (the claim of /book) and starts the quote; what
 * became of it; "mark handled".
 */

import { Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { roleHas } from "../../../../domain/people/permissions";
import {
  estimateBookingFromForm,
  estimateBookingSchema,
} from "../../../../domain/scheduling/booking-schema";
import { formatMoney } from "../../../../domain/shared/money";
import { ActionMessage } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import { formatDateTime, noStoreHeaders } from "../../../components/admin/admin-route";
import { MarkHandled } from "../../../components/admin/mark-handled";
import { EstimateVisit } from "../../../components/requests/estimate-visit";
import { adminRecord, adminRecordAction, loadOrThrow } from "../../../lib/admin-route.server";
import { parseInput } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/estimate";

export const meta = () => adminMeta("Estimate request");

export const headers = noStoreHeaders;

const PAGE = "routes/admin/requests/estimate.tsx";

export async function loader(args: Route.LoaderArgs) {
  const { session, id } = await adminRecord(args, PAGE, "estimateId");
  const { estimates, quotes, booking, staff } = args.context.services;
  return loadOrThrow(args.context, async () => {
    const [estimate, quoteList, bookings] = await Promise.all([
      estimates.get(id),
      // What became of the request: its visits and the quotes started from it.
      quotes.forEstimate(id),
      booking.forEstimate(id),
    ]);
    const booked = bookings.some((b) => b.status === "scheduled");
    const [windows, people] = booked
      ? [[], []]
      : await Promise.all([booking.officeWindows(), staff.listStaff()]);
    return {
      ...estimate,
      quotes: quoteList,
      bookings,
      windows,
      installers: people
        .filter((p) => p.role === "installer" && p.active)
        .map((p) => ({ id: p.id, name: p.name })),
      canQuote: roleHas(session.role, "quotes"),
    };
  });
}

export async function action(args: Route.ActionArgs) {
  const { services } = args.context;
  return adminRecordAction(args, PAGE, "estimateId", async (form, { actor, id }, scope) => {
    if (scope.intent === "book") {
      const input = parseInput(estimateBookingSchema, estimateBookingFromForm(form));
      const b = await services.booking.bookForEstimate(id, input, actor);
      return `Measurement visit booked: ${b.when} with ${b.staffName ?? "an installer"}. The customer has the confirmation with the calendar invite.`;
    }
    await services.estimates.markHandled(id, actor);
    return "Marked as handled.";
  });
}

export default function AdminEstimate() {
  const e = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container-page py-8">
      <Link
        to="/admin/estimates"
        className="inline-flex min-h-11 items-center text-primary underline"
      >
        Back to estimate requests
      </Link>
      <h1 className="mt-2 text-3xl font-bold break-words">
        Estimate {e.reference}: {e.firstName} {e.lastName}
      </h1>
      <p className="text-muted">
        {formatDateTime(e.createdAt)} · {e.status === "handled" ? "Handled" : "New"}
        {e.handledAt ? ` on ${formatDateTime(e.handledAt)}` : ""}
      </p>
      <ActionMessage result={result} />
      <div className="card mt-6">
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">Phone</dt>
          <dd>
            <a href={`tel:${e.phone.replace(/[^\d+]/g, "")}`} className="text-primary underline">
              {e.phone}
            </a>
          </dd>
          <dt className="font-medium">Email</dt>
          <dd className="break-all">
            <a href={`mailto:${e.email}`} className="text-primary underline">
              {e.email}
            </a>
          </dd>
          <dt className="font-medium">Address</dt>
          <dd>
            {e.address}, {e.city}, FL {e.zipCode}
          </dd>
          <dt className="font-medium">Windows</dt>
          <dd>{e.windowCount}</dd>
          <dt className="font-medium">Interested in</dt>
          <dd>{e.productNames.length ? e.productNames.join(", ") : "Not sure yet"}</dd>
          <dt className="font-medium">Preferred visit</dt>
          <dd>{e.preferredWindowLabel ?? "Any time"}</dd>
        </dl>
        {e.message ? <p className="mt-4 whitespace-pre-line break-words">{e.message}</p> : null}
      </div>
      <section aria-labelledby="photos-title" className="mt-6">
        <h2 id="photos-title" className="text-xl font-bold">
          Photos ({e.photos.length})
        </h2>
        {e.photos.length === 0 ? (
          <p className="mt-2 text-muted">No photos were sent.</p>
        ) : (
          <ul className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {e.photos.map((p, i) => (
              <li key={p.id}>
                <a href={p.url} target="_blank" rel="noreferrer" className="block">
                  <img
                    src={p.url}
                    width={p.width}
                    height={p.height}
                    alt={`Window ${i + 1} of ${e.photos.length}, sent by ${e.firstName} ${e.lastName}`}
                    loading="lazy"
                    className="h-auto w-full rounded-md border border-line"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <EstimateVisit
        bookings={e.bookings}
        windows={e.windows}
        installers={e.installers}
        busy={busy}
      />
      <section aria-labelledby="work-title" className="card mt-6">
        <h2 id="work-title" className="text-xl font-bold">
          What became of it
        </h2>
        {e.quotes.length === 0 ? (
          <p className="mt-2 text-muted">No quote yet.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {e.quotes.map((q) => (
              <li key={q.id}>
                <Link to={`/admin/quotes/${q.id}`} className="text-primary underline">
                  Quote {q.label}
                </Link>{" "}
                · {q.statusLabel} · {formatMoney(q.totalCents)}
                {q.acceptedOrderId ? (
                  <>
                    {" "}
                    ·{" "}
                    <Link
                      to={`/admin/orders/${q.acceptedOrderId}`}
                      className="text-primary underline"
                    >
                      its order
                    </Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {e.canQuote ? (
          <Link
            to={`/admin/quotes/new?estimateId=${e.id}`}
            className="btn-primary mt-4 inline-flex w-full justify-center py-3 sm:w-auto"
          >
            Start a quote
          </Link>
        ) : null}
      </section>
      <MarkHandled handled={e.status === "handled"} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the estimate request" />;
}
