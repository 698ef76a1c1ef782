import { offeredPaths, PUBLIC_INFO_PATHS, sitemapXml } from "../../../domain/storefront/site-map";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context;
  const [products, catalogServices] = await Promise.all([
    services.catalog.listProducts(),
    services.catalog.listServices(),
  ]);
  const paths = [...PUBLIC_INFO_PATHS, ...offeredPaths(products, catalogServices)];
  return new Response(sitemapXml(services.config.publicUrl, paths), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
