/**
 * Free in-home estimate requests with up to 5 photos. Photos are checked by content and re-encoded without metadata before
 * anything is stored (server/uploads/photos.ts), written under DATA_DIR with private
 * permissions, and served only to the admin. Stored, emailed to the store, confirmed to the
 * shopper; limited per client address like reviews; the honeypot drops bots.
 */

import { z } from "zod";
import { VISIT_WINDOW_LABELS } from "../../../domain/orders/checkout-fields";
import type { EstimateRequestInput } from "../../../domain/requests/estimate-schema";
import type { RequestStatus } from "../../../domain/requests/request-fields";
import { type CustomerContact, contactFromRow } from "../../db/customer-contact";
import { now } from "../../db/database";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import {
  findEstimatePhoto,
  findEstimateRequestById,
  insertEstimatePhotos,
  insertEstimateRequest,
  listEstimatePhotos,
  listEstimateRequests,
  type NewEstimatePhoto,
} from "../../db/repositories/requests/estimate-requests";
import { markRequestHandled } from "../../db/repositories/requests/request-status";
import { parseStoredJson } from "../../db/stored-json";
import type { EstimateRequestRow } from "../../db/types";
import { estimateConfirmationEmail, estimateStoreEmail } from "../../email/request-emails";
import { AppError } from "../../errors";
import {
  checkPhotoLimits,
  estimatePhotosDir,
  type PhotoUpload,
  processPhoto,
  readStoredPhoto,
  removeStoredPhotos,
  storePhoto,
} from "../../uploads/photos";
import type { ServiceDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";
import {
  duplicateSince,
  findRecentRequest,
  lockAndFindDuplicate,
  photoDigest,
  requestFingerprint,
} from "./request-fingerprint";
import { newRequestReference, requireServiceZip } from "./request-reference";

export { ESTIMATE_REQUESTS_PER_HOUR } from "../../rate-limits";

export interface EstimateRequestView extends CustomerContact {
  id: number;
  reference: string;
  windowCount: number;
  productTypes: string[];
  productNames: string[];
  preferredWindow: string | null;
  preferredWindowLabel: string | null;
  message: string | null;
  status: string;
  createdAt: string;
  handledAt: string | null;
  photoCount: number;
}

export interface EstimatePhotoView {
  id: number;
  url: string;
  width: number;
  height: number;
  bytes: number;
}

export function createEstimateService(deps: ServiceDeps) {
  const { db, dialect, config, logger, emails, catalog } = deps;
  const photosDir = estimatePhotosDir(config.dataDir);
  const rateLimiter = deps.limits.estimates;

  async function productNames(types: readonly string[]): Promise<string[]> {
    const [products, services] = await Promise.all([
      catalog.listProducts(),
      catalog.listServices(),
    ]);
    return types.map(
      (t) =>
        products.find((p) => p.type === t)?.name ?? services.find((s) => s.type === t)?.name ?? t,
    );
  }

  async function toView(row: EstimateRequestRow, photoCount: number): Promise<EstimateRequestView> {
    const types = parseStoredJson(z.array(z.string()), row.product_types) ?? [];
    const window = row.preferred_window;
    return {
      id: Number(row.id),
      reference: row.reference,
      ...contactFromRow(row),
      windowCount: Number(row.window_count),
      productTypes: types,
      productNames: await productNames(types),
      preferredWindow: window,
      preferredWindowLabel: window ? (VISIT_WINDOW_LABELS[window] ?? window) : null,
      message: row.message,
      status: row.status,
      createdAt: row.created_at,
      handledAt: row.handled_at,
      photoCount,
    };
  }

  /** Checks and re-encodes every photo, then writes them; answers what to record. */
  async function savePhotos(photos: readonly PhotoUpload[]): Promise<NewEstimatePhoto[]> {
    checkPhotoLimits(photos);
    // One at a time: decoding a large photo takes memory and a core; a request holds at most 5.
    const processed = [];
    for (const [i, photo] of photos.entries()) processed.push(await processPhoto(photo, i));
    const saved: NewEstimatePhoto[] = [];
    try {
      for (const p of processed) {
        const fileName = await storePhoto(photosDir, p);
        saved.push({
          fileName,
          contentType: p.contentType,
          bytes: p.data.length,
          width: p.width,
          height: p.height,
        });
      }
    } catch (error) {
      await removeStoredPhotos(
        photosDir,
        saved.map((s) => s.fileName),
      );
      throw error;
    }
    return saved;
  }

  return {
    rateLimiter,

    async submit(
      request: EstimateRequestInput,
      photos: readonly PhotoUpload[],
      clientAddress: string,
    ): Promise<{ stored: boolean; duplicate: boolean; reference: string; photoCount: number }> {
      // Like reviews: a refused input is not counted, a honeypot hit is; photos
      // are counted before they are decoded, since decoding is the costly part.
      requireServiceZip(config.business, request.zipCode, "visit homes");
      checkPhotoLimits(photos);
      const fingerprint = requestFingerprint("estimate", {
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        phone: request.phone.replace(/\D/g, ""),
        address: request.address,
        city: request.city,
        zipCode: request.zipCode,
        windowCount: request.windowCount,
        productTypes: request.productTypes,
        preferredWindow: request.preferredWindow,
        message: request.message,
        photos: photos.map((p) => photoDigest(p.bytes)),
      });
      // The same request again within the minute is the first one: not counted, nor its photos
      // decoded, twice.
      const earlier = request.website
        ? null
        : await findRecentRequest(db, "estimate_requests", fingerprint, duplicateSince());
      if (earlier) {
        return {
          stored: false,
          duplicate: true,
          reference: earlier.reference,
          photoCount: photos.length,
        };
      }
      await rateLimiter.consume(clientAddress);
      const reference = newRequestReference("E");
      if (request.website) {
        logger.info("estimate request dropped by honeypot");
        return { stored: false, duplicate: false, reference, photoCount: photos.length };
      }
      const saved = await savePhotos(photos);
      const names = await productNames(request.productTypes);
      let result: { id: number; reference: string; duplicate: boolean };
      try {
        result = await db.transaction().execute(async (trx) => {
          const same = await lockAndFindDuplicate(trx, dialect, "estimate_requests", fingerprint);
          if (same) return { ...same, duplicate: true };
          const createdAt = now();
          const estimateId = await insertEstimateRequest(trx, {
            ...request,
            reference,
            createdAt,
            fingerprint,
          });
          await insertEstimatePhotos(trx, estimateId, saved, createdAt);
          const email = {
            business: config.business,
            storeEmail: config.storeEmail,
            publicUrl: config.publicUrl,
            id: estimateId,
            reference,
            request,
            productNames: names,
            photoCount: saved.length,
          };
          await enqueueEmail(trx, estimateStoreEmail(email));
          await enqueueEmail(trx, estimateConfirmationEmail(email));
          return { id: estimateId, reference, duplicate: false };
        });
      } catch (error) {
        await removeStoredPhotos(
          photosDir,
          saved.map((s) => s.fileName),
        );
        throw error;
      }
      if (result.duplicate) {
        await removeStoredPhotos(
          photosDir,
          saved.map((s) => s.fileName),
        );
        logger.info("estimate request repeated", { estimateRequestId: result.id });
        return {
          stored: false,
          duplicate: true,
          reference: result.reference,
          photoCount: photos.length,
        };
      }
      emails.kick();
      logger.info("estimate request received", {
        estimateRequestId: result.id,
        photos: saved.length,
      });
      return { stored: true, duplicate: false, reference, photoCount: saved.length };
    },

    async list(status: RequestStatus | undefined): Promise<EstimateRequestView[]> {
      const rows = await listEstimateRequests(db, status);
      return Promise.all(rows.map((r) => toView(r, r.photo_count)));
    },

    async get(id: number): Promise<EstimateRequestView & { photos: EstimatePhotoView[] }> {
      const row = await findEstimateRequestById(db, id);
      if (!row) throw new AppError("not_found", "No estimate request with that id.");
      const photos = await listEstimatePhotos(db, id);
      return {
        ...(await toView(row, photos.length)),
        photos: photos.map((p) => ({
          id: Number(p.id),
          url: `/api/admin/estimates/${id}/photos/${p.id}`,
          width: Number(p.width),
          height: Number(p.height),
          bytes: Number(p.bytes),
        })),
      };
    },

    /** The re-encoded photo's bytes, for the admin only. */
    async photo(
      estimateId: number,
      photoId: number,
    ): Promise<{ data: Buffer; contentType: string }> {
      const row = await findEstimatePhoto(db, estimateId, photoId);
      if (!row) throw new AppError("not_found", "No such photo.");
      try {
        return {
          data: await readStoredPhoto(photosDir, row.file_name),
          contentType: row.content_type,
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        logger.error("estimate photo file missing", { estimateId, photoId });
        throw new AppError("not_found", "That photo's file is missing from the data folder.");
      }
    },

    async markHandled(id: number, actor: Actor): Promise<EstimateRequestView> {
      await db.transaction().execute(async (trx) => {
        const before = await findEstimateRequestById(trx, id);
        if (!before) throw new AppError("not_found", "No estimate request with that id.");
        await markRequestHandled(trx, "estimate_requests", id, now());
        await recordAudit(trx, actor, "estimate", `Estimate request #${id} marked handled`, {
          before: { status: before.status },
          after: { status: "handled" },
        });
      });
      return this.get(id);
    },
  };
}

export type EstimateService = ReturnType<typeof createEstimateService>;
