import { Link } from "react-router";

/** SPEC.md §2: an unknown product type (served with HTTP 404 by the loader). */
export function ProductNotFound() {
  return (
    <div className="container-page py-20 text-center">
      <h1 className="text-3xl font-bold">Product Not Found</h1>
      <p className="mt-4 text-muted">
        We don't make that product, or the address is mistyped. All our products are on the home
        page.
      </p>
      <Link to="/" className="btn-primary mt-8">
        Return Home
      </Link>
    </div>
  );
}
