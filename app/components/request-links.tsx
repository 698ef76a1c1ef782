/**
 * "Not sure yet?" links to free samples and a free in-home estimate, on every product page and the zebra page.
 */
import { Link } from "react-router";
import storefront from "../../domain/i18n/compiled/en/storefront.js";
import { useLocalized, useT } from "../lib/i18n";

export function RequestLinks({ className }: { className?: string }) {
  const t = useT("storefront", storefront);
  const localized = useLocalized();
  return (
    <aside
      aria-labelledby="request-links-title"
      className={`rounded-lg border border-line bg-surface p-4 ${className ?? ""}`}
    >
      <h2 id="request-links-title" className="font-semibold">
        {t("requests.title")}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
        <li>
          <Link
            to={localized("/samples")}
            className="inline-flex min-h-11 items-center text-primary underline"
          >
            {t("requests.samples")}
          </Link>
        </li>
        <li>
          <Link
            to={localized("/estimate")}
            className="inline-flex min-h-11 items-center text-primary underline"
          >
            {t("requests.estimate")}
          </Link>
        </li>
        <li>
          <Link
            to={localized("/book")}
            className="inline-flex min-h-11 items-center text-primary underline"
          >
            {t("requests.book")}
          </Link>
        </li>
      </ul>
    </aside>
  );
}
