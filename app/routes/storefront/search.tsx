/**
 * /search?q=…: products, pages and answers that match the words typed, found on
 * the server so the header's search works without JavaScript. Personal to the query, so never
 * cached (a query string keeps it out of the page cache) and never indexed.
 */
import { Form, Link, redirect } from "react-router";
import { languageOfPath, localizedPath } from "../../../domain/i18n/paths";
import { phoneHref, publicBusinessFacts } from "../../../domain/shared/business";
import { formatMoney } from "../../../domain/shared/money";
import { faqCategories } from "../../../domain/storefront/faq-content";
import { productFromCents } from "../../../domain/storefront/from-price";
import { findPricingProduct } from "../../../domain/storefront/pricing";
import { routeSearch, searchTargetHref } from "../../../domain/storefront/search";
import { productPath } from "../../../domain/storefront/site-map";
import {
  MAX_QUERY_LENGTH,
  PRODUCT_KEYWORDS,
  pageDocuments,
  type SearchDocument,
  searchDocuments,
  zebraDocuments,
} from "../../../domain/storefront/site-search";
import { SearchFields } from "../../components/search-fields";
import { useLocalized } from "../../lib/i18n";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import type { Route } from "./+types/search";

function clip(text: string, max = 160): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_QUERY_LENGTH).trim();
  // The spec's keywords keep their pages ("vinyl" → /product/vinyl, "install" → /#installation).
  const keyword = routeSearch(q);
  const language = languageOfPath(new URL(request.url).pathname);
  if (keyword) throw redirect(localizedPath(searchTargetHref(keyword), language));
  const { catalog, business } = context.services;
  const [products, services, ctx] = await Promise.all([
    catalog.listProducts(),
    catalog.listServices(),
    catalog.pricing(),
  ]);
  const facts = publicBusinessFacts(business);
  const docs: SearchDocument[] = [
    ...products.map((p) => {
      const pricing = findPricingProduct(ctx, { id: p.id });
      const from = pricing ? productFromCents(p.type, pricing) : null;
      return {
        kind: "product" as const,
        title: p.name,
        path: productPath(p.type),
        summary: `${from === null ? "" : `From ${formatMoney(from)}. `}${clip(p.description)}`,
        keywords: PRODUCT_KEYWORDS[p.type] ?? [],
      };
    }),
    ...services
      .filter((s) => s.type === "track-replacement")
      .map((s) => ({
        kind: "product" as const,
        title: s.name,
        path: "/track-replacement",
        summary: `${formatMoney(s.priceCentsPerUnit)} per inch of width, installed. ${clip(s.description)}`,
        keywords: PRODUCT_KEYWORDS["track-replacement"] ?? [],
      })),
    ...zebraDocuments(ctx.zebraCollections, productPath("zebra-shades")),
    ...pageDocuments({
      county: business.county,
      phone: business.phone,
      warrantyLine: `Our installation labor is guaranteed for ${business.warranty.installationLabourYears} years; product warranties by manufacturer.`,
    }),
    ...faqCategories(facts, ctx.installationTiers).flatMap((c) =>
      c.questions.map((question) => ({
        kind: "answer" as const,
        title: question.question,
        path: `/faq#${c.id}`,
        summary: clip(question.answer),
      })),
    ),
  ];
  const hits = q ? searchDocuments(docs, q) : [];
  return {
    q,
    results: hits.map(({ kind, title, path, summary }) => ({ kind, title, path, summary })),
    products:
      q && hits.length === 0
        ? products.map((p) => ({ name: p.name, path: productPath(p.type) }))
        : [],
    phone: facts.phone,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData?.q ? `Search: ${loaderData.q}` : "Search",
    description: "Search our blinds, shades, shutters, services and answers.",
    path: "/search",
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

const KIND_LABEL = {
  product: "Product",
  fabric: "Fabric",
  option: "Option",
  page: "Page",
  answer: "Answer",
} as const;

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const localized = useLocalized();
  const { q, results, products, phone } = loaderData;
  return (
    <div className="container-page max-w-3xl py-8">
      <h1 className="text-3xl font-semibold tracking-tight" tabIndex={-1}>
        Search
      </h1>
      <Form method="get" role="search" className="mt-4 flex gap-2">
        <SearchFields
          id="search-page-q"
          defaultValue={q}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Shutters, samples, track repair…"
        />
      </Form>
      {q ? (
        <p className="mt-4 text-muted" role="status">
          {results.length === 0
            ? `Nothing matches “${q}”.`
            : `${results.length} ${results.length === 1 ? "result" : "results"} for “${q}”`}
        </p>
      ) : null}
      {results.length > 0 ? (
        <ol className="mt-4 divide-y divide-line" data-testid="search-results">
          {results.map((r) => (
            <li key={`${r.path}-${r.title}`} className="py-4">
              <p className="text-xs font-semibold tracking-wide text-muted uppercase">
                {KIND_LABEL[r.kind]}
              </p>
              <Link
                to={localized(r.path)}
                reloadDocument={r.path.includes("#")}
                className="text-lg font-semibold text-primary underline-offset-2 hover:underline"
              >
                {r.title}
              </Link>
              <p className="mt-1 text-sm text-muted">{r.summary}</p>
            </li>
          ))}
        </ol>
      ) : q ? (
        <div className="mt-4">
          <p>
            Try “shutters”, “shades”, “samples” or “estimate”, call us at{" "}
            <a href={phoneHref(phone)} className="font-semibold text-primary underline">
              {phone}
            </a>{" "}
            or{" "}
            <Link to={localized("/contact")} className="font-semibold text-primary underline">
              send us a message
            </Link>
            . Our products:
          </p>
          <ul className="mt-2 list-disc pl-6">
            {products.map((p) => (
              <li key={p.path}>
                <Link to={localized(p.path)} className="text-primary underline">
                  {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
