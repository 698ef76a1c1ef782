import { data } from "react-router";
import { businessJsonLd } from "../../../domain/shared/business-json-ld";
import { freeShippingLine, warrantyBadge } from "../../../domain/shared/promises";
import { productFromCents, trackFromCents } from "../../../domain/storefront/from-price";
import { findPricingService } from "../../../domain/storefront/pricing";
import { Hero } from "../../components/storefront/home/hero";
import { InstallationSection } from "../../components/storefront/home/installation-section";
import {
  type ProductCardData,
  ProductsSection,
} from "../../components/storefront/home/products-section";
import { ReviewsSection } from "../../components/storefront/home/reviews-section";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const { catalog } = context.services;
    const [products, ctx] = await Promise.all([catalog.listProducts(), catalog.pricing()]);
    const photos = await Promise.all(products.map((p) => catalog.productPhotos(p.id)));
    const cards: ProductCardData[] = products.map((p, i) => ({
      id: p.id,
      type: p.type,
      name: p.name,
      description: p.description,
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

export function meta({ matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const rootData = matches[0]?.loaderData;
  return pageMeta({
    // Under 70 characters, as search results show them whole (tests/e2e/targets.spec.ts).
    title: `${root?.business.name ?? "Custom Blinds & Shutters"}: Made-to-Measure, Installed`,
    description:
      "Custom-size vertical blinds, plantation shutters and zebra shades with optional professional installation in Lee County, Florida. Instant online prices; pay on installation or delivery.",
    path: "/",
    root,
    jsonLd: rootData ? [businessJsonLd(rootData.business, rootData.publicUrl)] : [],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { business } = useRootData();
  return (
    <>
      <Hero
        foundedYear={business.foundedYear}
        badges={[
          freeShippingLine(business),
          "Measured and installed by our team",
          warrantyBadge(business),
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
