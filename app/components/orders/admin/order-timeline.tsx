import type { OrderEventView } from "../../../../server/services/orders/order-timeline";
import { formatDateTime } from "../../admin/admin-route";

interface StatusEntry {
  from: string | null;
  to: string;
  toLabel: string;
  note: string | null;
  actor: string;
  changedAt: string;
  kind?: string;
}

type Entry = { at: string; key: string; title: string; text: string | null; actor: string };

/** Status changes and the order's events (visits, payments, adjustments) in one timeline. */
export function OrderTimeline({
  history,
  events,
}: {
  history: StatusEntry[];
  events: OrderEventView[];
}) {
  const entries: Entry[] = [
    ...history.map((h, i) => ({
      at: h.changedAt,
      key: `s${i}`,
      title: h.kind === "back" ? `Back to ${h.toLabel}` : h.toLabel,
      text: h.note,
      actor: h.actor,
    })),
    ...events.map((e) => ({
      at: e.at,
      key: `e${e.id}`,
      title: e.summary,
      text: null,
      actor: e.actor,
    })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return (
    <ol className="space-y-2">
      {entries.map((e) => (
        <li key={e.key} className="text-sm">
          <span className="font-semibold">{e.title}</span>{" "}
          <span className="text-muted">
            {formatDateTime(e.at)} · by {e.actor}
          </span>
          {e.text ? <p className="break-words">{e.text}</p> : null}
        </li>
      ))}
    </ol>
  );
}
