import { data } from "react-router";
import { NotFoundPage } from "../../components/error-page";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
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
  const { business } = useRootData();
  return <NotFoundPage phone={business.phone} />;
}
