/**
 * GET /pictures/{type}.svg?c=RRGGBB&a=0.75&v=room: a drawn product picture as a cacheable SVG
 * file. The same component draws the inline live previews.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { oneOf } from "../../../domain/shared/one-of";
import { PICTURE_VIEWS, ProductPicture } from "../../components/product-picture";
import { pictureTypeFor } from "../../components/storefront/home/products-section";
import type { Route } from "./+types/picture";

export function loader({ params, request }: Route.LoaderArgs) {
  const match = /^([a-z-]+)\.svg$/.exec(params.file ?? "");
  if (!match?.[1]) throw new Response("Not found", { status: 404 });
  const query = new URL(request.url).searchParams;
  const color = /^[0-9A-Fa-f]{6}$/.test(query.get("c") ?? "") ? `#${query.get("c")}` : undefined;
  const aspect = Number(query.get("a"));
  const viewParam = query.get("v") ?? "front";
  const view = oneOf(PICTURE_VIEWS, viewParam) ? viewParam : "front";
  const svg = renderToStaticMarkup(
    createElement(ProductPicture, {
      type: pictureTypeFor(match[1]),
      color,
      aspect: Number.isFinite(aspect) && aspect > 0 ? aspect : undefined,
      view,
      label: "",
      decorative: true,
    }),
  );
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // The address names everything the drawing depends on, including its version.
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
