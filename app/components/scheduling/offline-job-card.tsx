/**
 * The job card with no network (decisions 583, 584): "On my way", the arrival, a measured
 * window and a payment, submitted while the phone is offline, go to the phone's queue
 * (offline-queue.ts) instead of the page action, with the visit's revision as If-Match; the
 * close-out queues itself (offline-close-out.ts) through the card's context. What waits is
 * listed on the card as "Waiting to be sent" or "Failed: why"; a failed one stays until the
 * installer dismisses it, or, refused as stale, sends it again from what the office changed.
 * Online, every form posts to the page action as before, with or without JavaScript.
 */
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { onMyWayFromForm } from "../../../domain/purchasing/purchasing-form";
import { onMyWaySchema } from "../../../domain/scheduling/booking-schema";
import { measuredWindowFromForm, windowInputOf } from "../../../domain/scheduling/measurement-form";
import {
  type MeasuredWindowInput,
  type MeasuredWindowView,
  measuredWindowSchema,
  measurementsSchema,
} from "../../../domain/scheduling/measurements";
import { paymentFromForm } from "../../../domain/shared/back-office-form";
import { paymentSchema } from "../../../domain/shared/back-office-schema";
import { amountToCents, formatMoney } from "../../../domain/shared/money";
import {
  dismiss,
  enqueue,
  type NewQueuedAction,
  QUEUE_CHANGED,
  type QueuedAction,
  queuedFor,
  sendAgain,
} from "../admin/offline-queue";
import { type OfflineVisit, OfflineVisitContext } from "../admin/offline-visit";

function windowsOf(action: QueuedAction): MeasuredWindowInput[] | null {
  if (action.body.kind !== "json" || !action.url.endsWith("/measurements")) return null;
  const parsed = measurementsSchema.safeParse(action.body.json);
  return parsed.success ? parsed.data.windows : null;
}

/** The cents of a queued payment still waiting; 0 for any other action. */
function waitingPaymentCents(action: QueuedAction): number {
  if (action.state !== "waiting" || action.body.kind !== "json") return 0;
  if (!/\/payments$/.test(action.url)) return 0;
  const parsed = paymentSchema.safeParse(action.body.json);
  return parsed.success ? amountToCents(parsed.data.amount) : 0;
}

/** The queued action a submitted form stands for, or null (not one the queue takes, or invalid). */
function offlineAction(
  form: FormData,
  visitId: number,
  revision: string,
  windows: readonly MeasuredWindowView[] | null,
  queued: readonly QueuedAction[],
  order: { id: number; revision: string } | null,
): NewQueuedAction | null {
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
      body: { kind: "json", json: { minutes } },
    };
  }
  if (intent === "arrived") {
    // The time he tapped, not the time the queue reaches the server.
    const at = new Date().toISOString();
    return {
      ...base,
      label: `Arrived at ${new Date(at).toLocaleTimeString("en-US", { timeStyle: "short" })}`,
      url: `/api/admin/visits/${visitId}/arrived`,
      body: { kind: "json", json: { at } },
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
      body: { kind: "json", json: { windows: [...list, parsed.data] } },
    };
  }
  if (intent === "payment" && order) {
    const parsed = paymentSchema.safeParse(paymentFromForm(form));
    if (!parsed.success) return null;
    return {
      visitId,
      ifMatch: order.revision,
      label: `Payment of ${formatMoney(amountToCents(parsed.data.amount))} (${parsed.data.method})`,
      url: `/api/admin/orders/${order.id}/payments`,
      body: { kind: "json", json: parsed.data },
    };
  }
  return null;
}

function QueuedItem({ action }: { action: QueuedAction }) {
  const { id } = action;
  if (action.state === "waiting") return <span>Waiting to be sent: {action.label}</span>;
  return (
    <>
      <span className="text-danger">
        Failed: {action.label}. {action.error}
      </span>
      {action.staleRevision !== null ? (
        <button
          type="button"
          className="btn-secondary"
          aria-label={`Send it anyway: ${action.label}`}
          onClick={() => id !== undefined && void sendAgain(id)}
        >
          Send it anyway
        </button>
      ) : null}
      <button
        type="button"
        className="btn-secondary"
        aria-label={`Dismiss: ${action.label}`}
        onClick={() => id !== undefined && void dismiss(id)}
      >
        Dismiss
      </button>
    </>
  );
}

function QueueList({ queued }: { queued: readonly QueuedAction[] }) {
  if (queued.length === 0) return null;
  return (
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
            <QueuedItem action={a} />
          </li>
        ))}
      </ul>
    </section>
  );
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
    const submitter = event.nativeEvent instanceof SubmitEvent ? event.nativeEvent.submitter : null;
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

  const offline: OfflineVisit = {
    visitId,
    revision,
    queued,
    waitingPaymentCents: queued.reduce((n, a) => n + waitingPaymentCents(a), 0),
    closeOutWaiting: queued.some((a) => a.state === "waiting" && a.url.endsWith("/close-out")),
  };
  return (
    <OfflineVisitContext.Provider value={offline}>
      <div onSubmitCapture={onSubmitCapture}>
        <QueueList queued={queued} />
        {children}
      </div>
    </OfflineVisitContext.Provider>
  );
}
