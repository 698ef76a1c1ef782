/** Free in-home estimate requests and their photos' rows (the files live under DATA_DIR). */

import type { VisitWindow } from "../../../../domain/orders/checkout-fields";
import type { RequestStatus } from "../../../../domain/requests/request-fields";
import { type CustomerContact, contactColumns } from "../../customer-contact";
import type { Db } from "../../database";
import type { EstimatePhotoRow, EstimateRequestRow } from "../../types";
import { listedRequests, newRequestColumns } from "./request-status";

export interface NewEstimateRequest extends CustomerContact {
  reference: string;
  windowCount: number;
  productTypes: readonly string[];
  preferredWindow: VisitWindow | null;
  message: string | null;
  createdAt: string;
  fingerprint: string;
}

export interface NewEstimatePhoto {
  fileName: string;
  contentType: string;
  bytes: number;
  width: number;
  height: number;
}

export async function insertEstimateRequest(db: Db, request: NewEstimateRequest): Promise<number> {
  const row = await db
    .insertInto("estimate_requests")
    .values({
      reference: request.reference,
      ...contactColumns(request),
      window_count: request.windowCount,
      product_types: JSON.stringify(request.productTypes),
      preferred_window: request.preferredWindow,
      message: request.message,
      ...newRequestColumns(request),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertEstimatePhotos(
  db: Db,
  estimateId: number,
  photos: readonly NewEstimatePhoto[],
  createdAt: string,
): Promise<void> {
  if (photos.length === 0) return;
  await db
    .insertInto("estimate_photos")
    .values(
      photos.map((p) => ({
        estimate_id: estimateId,
        file_name: p.fileName,
        content_type: p.contentType,
        bytes: p.bytes,
        width: p.width,
        height: p.height,
        created_at: createdAt,
      })),
    )
    .execute();
}

export async function listEstimateRequests(
  db: Db,
  status: RequestStatus | undefined,
): Promise<(EstimateRequestRow & { photo_count: number })[]> {
  const query = db
    .selectFrom("estimate_requests")
    .selectAll("estimate_requests")
    .select((eb) =>
      eb
        .selectFrom("estimate_photos")
        .select(eb.fn.countAll().as("n"))
        .whereRef("estimate_photos.estimate_id", "=", "estimate_requests.id")
        .as("photo_count"),
    );
  const rows = await listedRequests(query, status);
  return rows.map((r) => ({ ...r, photo_count: Number(r.photo_count ?? 0) }));
}

/** The id of the estimate request with this reference ("E-7K3M9QXD"), or null. */
export async function findEstimateRequestIdByReference(
  db: Db,
  reference: string,
): Promise<number | null> {
  const row = await db
    .selectFrom("estimate_requests")
    .select("id")
    .where("reference", "=", reference)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export async function findEstimateRequestById(
  db: Db,
  id: number,
): Promise<EstimateRequestRow | null> {
  const row = await db
    .selectFrom("estimate_requests")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ?? null;
}

export async function listEstimatePhotos(db: Db, estimateId: number): Promise<EstimatePhotoRow[]> {
  return db
    .selectFrom("estimate_photos")
    .selectAll()
    .where("estimate_id", "=", estimateId)
    .orderBy("id")
    .execute();
}

export async function findEstimatePhoto(
  db: Db,
  estimateId: number,
  photoId: number,
): Promise<EstimatePhotoRow | null> {
  const row = await db
    .selectFrom("estimate_photos")
    .selectAll()
    .where("estimate_id", "=", estimateId)
    .where("id", "=", photoId)
    .executeTakeFirst();
  return row ?? null;
}
