import { PUBLIC_INFO_PATHS, productPath, sitemapXml } from "../../domain/site-map";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context;
  const products = await services.catalog.listProducts();
  const paths = [
    ...PUBLIC_INFO_PATHS,
    ...products.map((p) => productPath(p.type)),
    "/track-replacement",
  ];
  return new Response(sitemapXml(services.config.publicUrl, paths), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
