/**
 * /bookings/REFERENCE: the customer's booked visit, reached only by its
 * unguessable reference. Until 24 hours before it starts the customer moves it to another free
 * window or cancels it (each change re-sends the invite: same UID, higher SEQUENCE, or CANCEL);
 * then: call us. Plain form posts: works without JavaScript.
 */
import { data, Form, Link } from "react-router";
import { bookingMoveSchema } from "../../../domain/scheduling/booking-schema";
import { phoneHref } from "../../../domain/shared/business";
import { ResultNote } from "../../components/result-note";
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

type ActionResult = { ok: boolean; message: string; intent: "move" | "cancel" };

export async function action({ request, params, context }: Route.ActionArgs) {
  try {
    const form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "cancel") {
      // Confirm before undoing: the
      // box is part of the form, so the step holds without JavaScript too.
      if (form.get("confirm") !== "yes") {
        return data<ActionResult>(
          {
            ok: false,
            intent: "cancel",
            message: "Tick the box to confirm that you want to cancel this visit.",
          },
          { status: 400, headers: PRIVATE },
        );
      }
      await context.services.booking.cancel(params.reference, context.clientAddress);
      return data<ActionResult>(
        {
          ok: true,
          intent: "cancel",
          message: "Your visit is cancelled and its time is free again. We've emailed you.",
        },
        { headers: PRIVATE },
      );
    }
    const [date = "", start = ""] = String(form.get("window") ?? "").split("T");
    const target = bookingMoveSchema.safeParse({ date, start });
    if (!target.success) {
      return data<ActionResult>(
        { ok: false, intent: "move", message: "Pick a new arrival window first." },
        { status: 400, headers: PRIVATE },
      );
    }
    const moved = await context.services.booking.move(
      params.reference,
      target.data,
      context.clientAddress,
    );
    return data<ActionResult>(
      {
        ok: true,
        intent: "move",
        message: `Moved to ${moved.when}. We've emailed you the updated invite.`,
      },
      { headers: PRIVATE },
    );
  } catch (error) {
    return actionError<ActionResult>(error, context, (a) => ({
      ok: false,
      intent: "move",
      message: a.message,
    }));
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
            <ResultNote result={actionData?.intent === "move" ? actionData : null} className="" />
          </Form>
          <Form method="post" className="mt-8" aria-labelledby="cancel-title">
            <h2 id="cancel-title" className="text-xl font-bold">
              Cancel it
            </h2>
            <input type="hidden" name="intent" value="cancel" />
            <label className="mt-3 flex min-h-11 cursor-pointer items-start gap-3">
              <input
                type="checkbox"
                name="confirm"
                value="yes"
                required
                className="mt-1 h-6 w-6 shrink-0 accent-primary"
              />
              <span>
                Yes, cancel my visit on {booking.when}. The time goes back to other customers; you
                can book a new visit at any time.
              </span>
            </label>
            <button type="submit" className="btn-secondary mt-3">
              Cancel My Visit
            </button>
            <ResultNote result={actionData?.intent === "cancel" ? actionData : null} />
          </Form>
        </>
      ) : (
        <>
          <ResultNote
            result={actionData?.intent === "cancel" ? actionData : null}
            className="mt-8"
          />
          {booking.status === "scheduled" ? (
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
        </>
      )}
    </div>
  );
}
