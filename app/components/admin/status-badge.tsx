import { orderStatusLabel } from "../../../domain/order-status";

/** SPEC.md §4: 'completed' in the primary style, any other status secondary. */
export function StatusBadge({ status }: { status: string }) {
  const label = orderStatusLabel(status);
  const style =
    status === "completed"
      ? "bg-primary text-white border-primary"
      : "bg-white text-primary border-primary";
  return (
    <span
      className={`inline-flex items-center rounded-full border px-3 py-0.5 text-sm font-semibold ${style}`}
    >
      {label}
    </span>
  );
}
