/**
 * GET /product-photos/:file: an owner's product photo rendition. The name holds
 * a random key and the width, and a photo's files never change (a new upload gets a new key),
 * so browsers keep them for a year.
 */
import { Hono } from "hono";
import type { AppServices } from "../../context";

export function productPhotoRoutes(services: AppServices) {
  const routes = new Hono();
  routes.get("/:file", async (c) => {
    const { data, contentType } = await services.productPhotos.file(c.req.param("file"));
    return c.body(new Uint8Array(data), 200, {
      "Content-Type": contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    });
  });
  return routes;
}
