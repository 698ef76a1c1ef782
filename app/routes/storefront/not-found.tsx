import { data } from "react-router";
import shared from "../../../domain/i18n/compiled/en/shared.js";
import { languageOfPath } from "../../../domain/i18n/paths";
import { NotFoundPage } from "../../components/error-page";
import { translator } from "../../lib/i18n";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/not-found";

export function loader() {
  return data({}, { status: 404 });
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = translator(languageOfPath(location.pathname), "shared", shared);
  return pageMeta({
    title: t("error.notFound.title"),
    description: t("error.notFound.description"),
    path: location.pathname,
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

export default function NotFound() {
  const { business } = useRootData();
  return <NotFoundPage phone={business.phone} />;
}
