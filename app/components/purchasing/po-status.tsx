/** A purchase order's status, with "Overdue" in words (not by colour alone). */
export function PoStatus({ status, overdue }: { status: string; overdue: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-2 text-sm font-semibold">
      <span className="rounded-full bg-primary-light px-3 py-1 text-primary-dark">{status}</span>
      {overdue ? (
        <span className="rounded-full bg-danger px-3 py-1 text-white">Overdue</span>
      ) : null}
    </span>
  );
}
