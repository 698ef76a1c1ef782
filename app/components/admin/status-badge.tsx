import { orderStatusLabel } from "../../../domain/orders/order-status";

/**
 * One color per status, so a glance down the orders table reads the pipeline;
 * the label always says it too. Dark text on a light tint: contrast well above 4.5:1.
 */
const STATUS_COLORS: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900 border-amber-300",
  confirmed: "bg-sky-100 text-sky-900 border-sky-300",
  measured: "bg-indigo-100 text-indigo-900 border-indigo-300",
  in_production: "bg-violet-100 text-violet-900 border-violet-300",
  scheduled: "bg-teal-100 text-teal-900 border-teal-300",
  completed: "bg-green-100 text-green-900 border-green-300",
  cancelled: "bg-gray-100 text-gray-800 border-gray-300",
};

export function StatusBadge({ status }: { status: string }) {
  const label = orderStatusLabel(status);
  const style = STATUS_COLORS[status] ?? "bg-white text-primary border-primary";
  return (
    <span
      data-status={status}
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold ${style}`}
    >
      {label}
    </span>
  );
}
