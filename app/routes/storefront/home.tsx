import { data } from "react-router";
import storefront from "../../../domain/i18n/compiled/en/storefront.js";
import { languageOfPath } from "../../../domain/i18n/paths";
import { businessJsonLd } from "../../../domain/shared/business-json-ld";
import { formatMoney } from "../../../domain/shared/money";
import { productFromCents, trackFromCents } from "../../../domain/storefront/from-price";
import { findPricingService } from "../../../domain/storefront/pricing";
import { Hero } from "../../components/storefront/home/hero";
import { InstallationSection } from "../../components/storefront/home/installation-section";
import {
  type ProductCardData,
  ProductsSection,
} from "../../components/storefront/home/products-section";
import { ReviewsSection } from "../../components/storefront/home/reviews-section";
import { catalogDescriptionIn } from "../../lib/catalog-words.server";
import { translator, useT } from "../../lib/i18n";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/home";

export async function loader({ context, request }: Route.LoaderArgs) {
  const language = languageOfPath(new URL(request.url).pathname);
  try {
    const { catalog } = context.services;
    const [products, ctx] = await Promise.all([catalog.listProducts(), catalog.pricing()]);
    const photos = await Promise.all(products.map((p) => catalog.productPhotos(p.id)));
    const cards: ProductCardData[] = products.map((p, i) => ({
      id: p.id,
      type: p.type,
      name: p.name,
      description: catalogDescriptionIn(language, p.type, p.description),
      colorHex: p.colors[0] ? ctx.colors.find((c) => c.key === p.colors[0])?.hex : undefined,
      fromCents: productFromCents(p.type, p),
      photo: photos[i]?.[0],
    }));
    const track = findPricingService(ctx, "track-replacement");
    return data({
      products: cards,
      installationTiers: ctx.installationTiers,
      trackFromCents: track ? trackFromCents(track.pricePerInchCents) : null,
      failed: false,
    });
  } catch (error) {
    context.services.logger.error("home: products failed to load", { error });
    // A page shown while the catalog is unreachable must not be kept by the page cache.
    return data(
      { products: null, installationTiers: null, trackFromCents: null, failed: true },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches, location }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const rootData = matches[0]?.loaderData;
  const language = languageOfPath(location.pathname);
  const t = translator(language, "storefront", storefront);
  return pageMeta({
    // Under 70 characters, as search results show them whole (tests/e2e/targets.spec.ts).
    title: t("home.meta.title", { name: root?.business.name ?? "Custom Blinds & Shutters" }),
    description: t("home.meta.description"),
    path: "/",
    language,
    root,
    jsonLd: rootData ? [businessJsonLd(rootData.business, rootData.publicUrl)] : [],
  });
}

/**
 * "2- to 25-year warranty on everything we sell": the floor every product carries and the longest
 * (shutters), as the shared promise words it (domain/shared/promises.ts), in the page's language.
 */
function warrantyWords(
  w: { materialsAndWorkmanshipYears: number; vinylYears: number; shuttersYears: number },
  t: (key: "promise.warrantyRange" | "promise.warranty", values: Record<string, number>) => string,
): string {
  const floor = w.materialsAndWorkmanshipYears;
  const longest = Math.max(floor, w.vinylYears, w.shuttersYears);
  return longest > floor
    ? t("promise.warrantyRange", { floor, longest })
    : t("promise.warranty", { floor });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { business } = useRootData();
  const t = useT("storefront", storefront);
  return (
    <>
      <Hero
        foundedYear={business.foundedYear}
        badges={[
          t("promise.freeShipping", { amount: formatMoney(business.freeShippingOverCents) }),
          t("home.badge.installed"),
          warrantyWords(business.warranty, t),
        ]}
      />
      <ProductsSection
        products={loaderData.products}
        failed={loaderData.failed}
        trackFeet={business.heavyDutyTrackFeet}
        trackFromCents={loaderData.trackFromCents}
      />
      <InstallationSection
        installationHours={business.installationHours}
        labourYears={business.warranty.installationLabourYears}
        installationTiers={loaderData.installationTiers}
      />
      <ReviewsSection />
    </>
  );
}
