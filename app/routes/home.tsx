import { businessJsonLd } from "../../domain/business-json-ld";
import { findColor } from "../../domain/colors";
import { Hero } from "../components/home/hero";
import { InstallationSection } from "../components/home/installation-section";
import { type ProductCardData, ProductsSection } from "../components/home/products-section";
import { ReviewsSection } from "../components/home/reviews-section";
import { pageMeta, rootFromMatches } from "../lib/meta";
import { useRootData } from "../root";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const products = await context.services.catalog.listProducts();
    const cards: ProductCardData[] = products.map((p) => ({
      id: p.id,
      type: p.type,
      name: p.name,
      description: p.description,
      colorHex: p.colors[0] ? findColor(p.colors[0])?.hex : undefined,
    }));
    return { products: cards, failed: false };
  } catch (error) {
    context.services.logger.error("home: products failed to load", { error });
    return { products: null, failed: true };
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const rootData = matches[0]?.loaderData;
  return pageMeta({
    title: `${root?.business.name ?? "Custom Blinds & Shutters"}: Custom Blinds, Shutters & Zebra Shades in Lee County, FL`,
    description:
      "Custom-size vertical blinds, plantation shutters and zebra shades with optional professional installation in Lee County, Florida. Instant online prices; pay at installation.",
    path: "/",
    root,
    jsonLd: rootData ? [businessJsonLd(rootData.business, rootData.publicUrl)] : [],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { business } = useRootData();
  return (
    <>
      <Hero foundedYear={business.foundedYear} />
      <ProductsSection
        products={loaderData.products}
        failed={loaderData.failed}
        trackFeet={business.heavyDutyTrackFeet}
      />
      <InstallationSection
        installationHours={business.installationHours}
        labourYears={business.warranty.installationLabourYears}
      />
      <ReviewsSection />
    </>
  );
}
