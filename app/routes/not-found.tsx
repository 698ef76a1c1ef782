import { data, Link } from "react-router";
import { pageMeta, rootFromMatches } from "../lib/meta";
import type { Route } from "./+types/not-found";

export function loader() {
  return data({}, { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    title: "Page Not Found",
    description: "The page you were looking for does not exist.",
    path: location.pathname,
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

export default function NotFound() {
  return (
    <div className="container-page py-20 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
      <p className="mt-4 text-muted">
        Sorry, we couldn't find that page. It may have moved, or the address may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Return Home
        </Link>
        <Link to="/contact" className="btn-secondary">
          Contact Us
        </Link>
      </div>
    </div>
  );
}
