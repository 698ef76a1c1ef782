/**
 * POST /api/samples and POST /api/estimates: the same schemas and services as the /samples and
 * /estimate pages. An estimate comes as JSON, or as multipart/form-data with up to 5 `photos`
 * files beside the same fields (what the /estimate page posts).
 */
import { type Context, Hono } from "hono";
import {
  estimateRequestFromForm,
  estimateRequestSchema,
} from "../../../domain/requests/estimate-schema";
import { sampleRequestSchema } from "../../../domain/requests/samples-schema";
import type { AppServices } from "../../context";
import { clientAddress } from "../../middleware/rate-limit";
import type { PhotoUpload } from "../../uploads/photos";
import { parseInput, readFormRequest, readJson } from "../validation";

/** The photo files of a multipart form (empty file inputs left out). */
export async function photosFromForm(form: FormData): Promise<PhotoUpload[]> {
  const files = form
    .getAll("photos")
    .filter((v): v is File => typeof v !== "string" && (v.size > 0 || v.name !== ""));
  return Promise.all(
    files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
  );
}

async function readEstimate(c: Context) {
  const type = c.req.header("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type)) {
    const photos: PhotoUpload[] = [];
    return { request: await readJson(c, estimateRequestSchema), photos };
  }
  const form = await readFormRequest(c.req.raw);
  return {
    request: parseInput(estimateRequestSchema, estimateRequestFromForm(form)),
    photos: await photosFromForm(form),
  };
}

export function requestRoutes(services: AppServices) {
  const routes = new Hono();
  const address = (c: Context) => clientAddress(c, services.config.trustProxy);

  routes.post("/samples", async (c) => {
    const input = await readJson(c, sampleRequestSchema);
    const { reference } = await services.samples.submit(input, address(c));
    return c.json({ reference }, 201);
  });

  routes.post("/estimates", async (c) => {
    const { request, photos } = await readEstimate(c);
    const { reference } = await services.estimates.submit(request, photos, address(c));
    return c.json({ reference }, 201);
  });

  return routes;
}
