import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/**
 * Error boundary body of the admin pages. A 401 shows nothing here: the admin layout shows the
 * login form instead of its outlet. A 403 (the person's role lacks the page's permission) is a
 * plain refusal.
 */
export function AdminError({ title }: { title: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 401) return null;
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <div className="container-page py-10">
        <h1 className="text-2xl font-bold">Not available to your role</h1>
        <p className="mt-2">
          {typeof error.data === "string"
            ? error.data
            : "Your role does not give access to this page."}{" "}
          Ask an owner if you need it.
        </p>
        <Link to="/admin" className="btn-secondary mt-6">
          Back to the dashboard
        </Link>
      </div>
    );
  }
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
