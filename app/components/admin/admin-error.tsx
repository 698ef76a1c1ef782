import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/**
 * Error boundary body of the admin pages. A 401 shows nothing here: the admin layout shows the
 * login form instead of its outlet.
 */
export function AdminError({ title }: { title: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 401) return null;
  const message =
    isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string"
      ? error.data
      : "Please reload the page in a moment.";
  return (
    <div className="container-page py-10">
      <h1 className="text-2xl font-bold text-danger">{title}</h1>
      <p className="mt-2">{message}</p>
      <Link to="/admin" className="btn-secondary mt-6">
        Back to orders
      </Link>
    </div>
  );
}
