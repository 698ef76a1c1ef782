/**
 * "Not sure yet?" links to free samples and a free in-home estimate, on every product page and the zebra page.
 */
import { Link } from "react-router";

export function RequestLinks({ className }: { className?: string }) {
  return (
    <aside
      aria-labelledby="request-links-title"
      className={`rounded-lg border border-line bg-surface p-4 ${className ?? ""}`}
    >
      <h2 id="request-links-title" className="font-semibold">
        Not sure yet?
      </h2>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
        <li>
          <Link to="/samples" className="inline-flex min-h-11 items-center text-primary underline">
            Order up to 5 free samples
          </Link>
        </li>
        <li>
          <Link to="/estimate" className="inline-flex min-h-11 items-center text-primary underline">
            Request a free in-home estimate
          </Link>
        </li>
        <li>
          <Link to="/book" className="inline-flex min-h-11 items-center text-primary underline">
            Pick a time for a free measurement visit
          </Link>
        </li>
      </ul>
    </aside>
  );
}
