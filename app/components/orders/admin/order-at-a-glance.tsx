/**
 * The top of the order page: who, where, the status, the next step and the balance, with the
 * phone to tap and the address to open in the map app. On a phone this is what the owner came
 * for; the details follow below.
 */
import { formatVisitWindow } from "../../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../../domain/shared/money";
import { StatusBadge } from "../../admin/status-badge";

interface GlanceVisit {
  kindLabel: string;
  status: string;
  date: string;
  start: string;
  end: string;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** Google's universal maps link: opens the map app on Android and iOS. */
export function mapHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** The next thing to do: the next scheduled visit, else the status the order moves to next. */
function nextStep(
  visits: readonly GlanceVisit[],
  forward: { label: string } | undefined,
  today: string,
): string {
  const next = visits
    .filter((v) => v.status === "scheduled" && v.date >= today)
    .sort((a, b) => `${a.date}${a.start}`.localeCompare(`${b.date}${b.start}`))[0];
  if (next) return `${next.kindLabel}: ${formatVisitWindow(next)}`;
  return forward ? `Move it to ${forward.label}` : "Nothing: the order is closed";
}

export function OrderAtAGlance({
  order,
  visits,
  balanceDueCents,
  today,
}: {
  order: {
    status: string;
    customer_name: string;
    customer_phone: string;
    address: string;
    city: string;
    state: string;
    zip_code: string;
    allowed_transitions: readonly { label: string; back: boolean }[];
  };
  visits: readonly GlanceVisit[];
  balanceDueCents: number;
  today: string;
}) {
  const address = `${order.address}, ${order.city}, ${order.state} ${order.zip_code}`;
  const forward = order.allowed_transitions.find((t) => !t.back);
  return (
    <section aria-label="At a glance" className="card mt-4 space-y-3" data-testid="order-glance">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xl font-bold break-words">{order.customer_name}</p>
        <StatusBadge status={order.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted">Next</dt>
        <dd className="font-medium">{nextStep(visits, forward, today)}</dd>
        <dt className="text-muted">Balance</dt>
        <dd className="font-bold">
          {balanceDueCents > 0 ? `${formatMoney(balanceDueCents)} due` : "Nothing due"}
        </dd>
      </dl>
      <div className="grid gap-2 sm:grid-cols-2">
        <a href={telHref(order.customer_phone)} className="btn-primary">
          Call {order.customer_phone}
        </a>
        <a href={mapHref(address)} className="btn-secondary" target="_blank" rel="noreferrer">
          Map: {address}
        </a>
      </div>
    </section>
  );
}
