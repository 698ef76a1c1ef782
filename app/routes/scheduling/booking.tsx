/**
 * /bookings/REFERENCE: the customer's booked visit (decision 212), reached only by its
 * unguessable reference. Until 24 hours before it starts the customer moves it to another free
 * window or cancels it (each change re-sends the invite: same UID, higher SEQUENCE, or CANCEL);
 * then: call us. Plain form posts: works without JavaScript.
 */
import { data, Form, Link } from "react-router";
import { bookingMoveSchema } from "../../../domain/scheduling/booking-schema";
import { phoneHref } from "../../../domain/shared/business";
import { WindowPicker } from "../../components/scheduling/window-picker";
import { actionError } from "../../lib/action-errors.server";
import { readForm } from "../../lib/form-input.server";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/booking";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
/** Two weeks of windows are plenty to pick a new time from. */
const MOVE_WINDOWS = 40;

export async function loader({ params, context }: Route.LoaderArgs) {
  const booking = await context.services.booking.findForCustomer(params.reference);
  if (!booking) throw data("Booking not found", { status: 404, headers: PRIVATE });
  const windows = booking.changeable
    ? (await context.services.booking.windowsForMove(booking.reference)).slice(0, MOVE_WINDOWS)
    : [];
  return data({ booking, windows }, { headers: PRIVATE });
}

type ActionResult = { ok: true; message: string } | { ok: false; message: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "cancel") {
      await context.services.booking.cancel(params.reference, context.clientAddress);
      return data<ActionResult>(
        { ok: true, message: "Your visit is cancelled. We've emailed you." },
        { headers: PRIVATE },
      );
    }
    const [date = "", start = ""] = String(form.get("window") ?? "").split("T");
    const target = bookingMoveSchema.safeParse({ date, start });
    if (!target.success) {
      return data<ActionResult>(
        { ok: false, message: "Pick a new arrival window first." },
        { status: 400, headers: PRIVATE },
      );
    }
    const moved = await context.services.booking.move(
      params.reference,
      target.data,
      context.clientAddress,
    );
    return data<ActionResult>(
      { ok: true, message: `Moved to ${moved.when}. We've emailed you the updated invite.` },
      { headers: PRIVATE },
    );
  } catch (error) {
    return actionError<ActionResult>(error, context, (a) => ({ ok: false, message: a.message }));
  }
}

export function headers() {
  return PRIVATE;
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Your Measurement Visit",
    description: "Your booked measurement visit: move or cancel it.",
    path: "/bookings",
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

export default function Booking({ loaderData, actionData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { booking, windows } = loaderData;
  const cancelled = booking.status === "cancelled";
  return (
    <div className="container-page max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold">Your measurement visit</h1>
      {actionData ? (
        <p
          role={actionData.ok ? "status" : "alert"}
          className={`mt-4 rounded-md border p-4 ${actionData.ok ? "border-primary bg-primary-light" : "border-danger bg-red-50 text-danger"}`}
        >
          {actionData.message}
        </p>
      ) : null}
      <p className="mt-4 text-lg">
        {cancelled ? <s>{booking.when}</s> : booking.when}
        <span className="text-muted"> · {booking.city}</span>
      </p>
      <p className="mt-1 text-muted">
        {cancelled
          ? "Cancelled."
          : booking.status === "done"
            ? "Done. Thank you!"
            : `Booked for ${booking.firstName}. We arrive within this 2-hour window.`}
      </p>
      {booking.status === "scheduled" ? (
        <p className="mt-4">
          <a
            href={`/api/bookings/${booking.reference}/invite.ics`}
            download="measurement-visit.ics"
            className="btn-secondary"
          >
            Add to my calendar
          </a>
        </p>
      ) : null}
      {booking.changeable ? (
        <>
          <Form method="post" className="mt-8 grid gap-4" aria-labelledby="move-title">
            <h2 id="move-title" className="text-xl font-bold">
              Move it
            </h2>
            <input type="hidden" name="intent" value="move" />
            {windows.length ? (
              <WindowPicker windows={windows} legend="New arrival window" />
            ) : (
              <p>No other times are free online right now.</p>
            )}
            <div>
              <button type="submit" className="btn-primary">
                Move My Visit
              </button>
            </div>
          </Form>
          <Form method="post" className="mt-8" aria-labelledby="cancel-title">
            <h2 id="cancel-title" className="text-xl font-bold">
              Cancel it
            </h2>
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="btn-secondary mt-3">
              Cancel My Visit
            </button>
          </Form>
        </>
      ) : booking.status === "scheduled" ? (
        <p className="mt-6">
          Your visit starts within 24 hours. To change it, please call{" "}
          <a href={phoneHref(business.phone)} className="font-semibold underline">
            {business.phone}
          </a>
          .
        </p>
      ) : (
        <p className="mt-6">
          <Link to="/book" className="btn-primary">
            Book another visit
          </Link>
        </p>
      )}
    </div>
  );
}
