/** New / Handled / All tabs of the admin's request lists (samples, estimates, messages). */
import { Link } from "react-router";

const TABS = [
  { status: "new", label: "New" },
  { status: "handled", label: "Handled" },
  { status: "all", label: "All" },
] as const;

export function StatusTabs({
  path,
  status,
  label,
}: {
  path: string;
  status: string;
  label: string;
}) {
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {TABS.map((t) => (
          <li key={t.status}>
            <Link
              to={`${path}?status=${t.status}`}
              aria-current={t.status === status ? "page" : undefined}
              className={t.status === status ? "btn-primary" : "btn-secondary"}
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
