import { Link } from "react-router";
import { NO_LONGER_AVAILABLE } from "../../../../domain/storefront/catalog";

/**
 * An unknown product type (served with HTTP 404 by the loader). A product the
 * owner has withdrawn (`withdrawn`: its name) says it is no longer available, also with 404.
 */
export function ProductNotFound({ withdrawn = null }: { withdrawn?: string | null }) {
  return (
    <div className="container-page py-20 text-center">
      <h1 className="text-3xl font-bold">
        {withdrawn ? "No Longer Available" : "Product Not Found"}
      </h1>
      <p className="mt-4 text-muted">
        {withdrawn
          ? NO_LONGER_AVAILABLE(withdrawn)
          : "We don't make that product, or the address is mistyped. All our products are on the home page."}
      </p>
      <Link to="/" className="btn-primary mt-8">
        Return Home
      </Link>
    </div>
  );
}
