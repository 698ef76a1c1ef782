/**
 * The job card with no network (decision 583): "On my way", a measured window and a payment, submitted
 * while the phone is offline, go to the phone's queue (offline-queue.ts) instead of the page
 * action, with the visit's revision as If-Match; what waits is listed on the card as "Waiting
 * to be sent" or "Failed: why". Online, every form posts to the page action as before, with
 * or without JavaScript.
 */
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { onMyWayFromForm } from "../../../domain/purchasing/purchasing-form";
import { onMyWaySchema } from "../../../domain/scheduling/booking-schema";
import { measuredWindowFromForm, windowInputOf } from "../../../domain/scheduling/measurement-form";
import {
  type MeasuredWindowInput,
  type MeasuredWindowView,
  measuredWindowSchema,
} from "../../../domain/scheduling/measurements";
import { paymentFromForm } from "../../../domain/shared/back-office-form";
import { paymentSchema } from "../../../domain/shared/back-office-schema";
import { formatMoney } from "../../../domain/shared/money";
import {
  dismiss,
  enqueue,
  QUEUE_CHANGED,
  type QueuedAction,
  queuedFor,
} from "../admin/offline-queue";

type Offline = Omit<QueuedAction, "id" | "state" | "error" | "queuedAt" | "idempotencyKey">;

function windowsOf(action: QueuedAction): MeasuredWindowInput[] | null {
  const json = action.json as { windows?: MeasuredWindowInput[] };
  return Array.isArray(json.windows) ? json.windows : null;
}

/** The queued action a submitted form stands for, or null (not one the queue takes, or invalid). */
function offlineAction(
  form: FormData,
  visitId: number,
  revision: string,
  windows: readonly MeasuredWindowView[] | null,
  queued: readonly QueuedAction[],
  order: { id: number; revision: string } | null,
): Offline | null {
  const intent = form.get("intent");
  const base = { visitId, ifMatch: revision };
  if (intent === "on-my-way") {
    const parsed = onMyWaySchema.safeParse(onMyWayFromForm(form));
    if (!parsed.success) return null;
    const { minutes } = parsed.data;
    return {
      ...base,
      label: `On my way, arriving in ${minutes} minutes`,
      url: `/api/admin/visits/${visitId}/on-my-way`,
      json: { minutes },
    };
  }
  if (intent === "arrived") {
    // The time he tapped, not the time the queue reaches the server.
    const at = new Date().toISOString();
    return {
      ...base,
      label: `Arrived at ${new Date(at).toLocaleTimeString("en-US", { timeStyle: "short" })}`,
      url: `/api/admin/visits/${visitId}/arrived`,
      json: { at },
    };
  }
  if (intent === "measure-add" && windows) {
    const read = measuredWindowFromForm(form);
    if (!read.ok) return null;
    const parsed = measuredWindowSchema.safeParse(read.window);
    if (!parsed.success) return null;
    // The list is sent whole: what the card showed, with the windows queued before this one.
    const earlier = queued.map(windowsOf).filter((w) => w !== null);
    const list = earlier.at(-1) ?? windows.map(windowInputOf);
    return {
      ...base,
      label: `Window measured: ${parsed.data.room}`,
      url: `/api/admin/visits/${visitId}/measurements`,
      json: { windows: [...list, parsed.data] },
    };
  }
  if (intent === "payment" && order) {
    const parsed = paymentSchema.safeParse(paymentFromForm(form));
    if (!parsed.success) return null;
    return {
      visitId,
      ifMatch: order.revision,
      label: `Payment of ${formatMoney(Math.round(parsed.data.amount * 100))} (${parsed.data.method})`,
      url: `/api/admin/orders/${order.id}/payments`,
      json: parsed.data,
    };
  }
  return null;
}

export function OfflineJobCard({
  visitId,
  revision,
  windows,
  order = null,
  children,
}: {
  visitId: number;
  revision: string;
  windows: readonly MeasuredWindowView[] | null;
  /** The order a payment goes to, and its revision; null on a booked visit's card. */
  order?: { id: number; revision: string } | null;
  children: ReactNode;
}) {
  const [queued, setQueued] = useState<QueuedAction[]>([]);
  useEffect(() => {
    const refresh = () => void queuedFor(visitId).then(setQueued);
    refresh();
    window.addEventListener(QUEUE_CHANGED, refresh);
    return () => window.removeEventListener(QUEUE_CHANGED, refresh);
  }, [visitId]);

  const onSubmitCapture = (event: FormEvent<HTMLDivElement>) => {
    if (navigator.onLine || !(event.target instanceof HTMLFormElement)) return;
    const form = event.target;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const action = offlineAction(
      new FormData(form, submitter),
      visitId,
      revision,
      windows,
      queued,
      order,
    );
    // Not one the queue takes, or not valid: the form's own checks say why.
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    void enqueue(action).then(() => form.reset());
  };

  return (
    <div onSubmitCapture={onSubmitCapture}>
      {queued.length > 0 ? (
        <section
          aria-labelledby="queue-heading"
          aria-live="polite"
          className="container-page mt-4 rounded border border-line bg-sand p-4"
        >
          <h2 id="queue-heading" className="font-semibold">
            On this phone, not sent yet
          </h2>
          <ul className="mt-2 space-y-2">
            {queued.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2">
                {a.state === "waiting" ? (
                  <span>Waiting to be sent: {a.label}</span>
                ) : (
                  <>
                    <span className="text-danger">
                      Failed: {a.label}. {a.error}
                    </span>
                    <button
                      type="button"
                      className="btn-secondary"
                      onClick={() => a.id !== undefined && void dismiss(a.id)}
                    >
                      Dismiss
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {children}
    </div>
  );
}
