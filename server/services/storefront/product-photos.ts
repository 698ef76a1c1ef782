/**
 * Owners' product photos. An upload is checked
 * and rendered (server/uploads/product-photos.ts) before anything is written; its files are
 * written before the row, and removed again if the row can't be; a removed photo's files go
 * after its row's commit. Each change is audited with the catalog's other edits and signals the
 * catalog's change, so every process shows the new photos at once.
 */
import {
  PRODUCT_PHOTOS_PER_PRODUCT,
  type ProductPhoto,
  productPhotoView,
} from "../../../domain/storefront/product-photos";
import { type Db, now } from "../../db/database";
import {
  findAdminProduct,
  lockCatalogForEdit,
} from "../../db/repositories/storefront/catalog-admin";
import {
  deleteProductPhoto,
  insertProductPhoto,
  listPhotosOfProduct,
  listProductPhotos,
  type ProductPhotoRecord,
  updateProductPhoto,
} from "../../db/repositories/storefront/product-photos";
import { AppError, fieldError } from "../../errors";
import type { Logger } from "../../logger";
import {
  type ProductPhotoUpload,
  processProductPhoto,
  productPhotosDir,
  readProductPhotoFile,
  removeProductPhotoFiles,
  storeProductPhoto,
} from "../../uploads/product-photos";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";
import type { CatalogChanges } from "./catalog-changes";

/** A photo as the admin sees it: the page's view and what it weighs. */
export interface AdminProductPhoto extends ProductPhoto {
  productId: number;
  bytes: number;
  createdAt: string;
}

export function adminPhotoView(r: ProductPhotoRecord): AdminProductPhoto {
  return { ...productPhotoView(r), productId: r.productId, bytes: r.bytes, createdAt: r.createdAt };
}

const quoted = (s: string) => JSON.stringify(s);

function tooMany(name: string): AppError {
  return fieldError(
    "conflict",
    "photo",
    `${name} has ${PRODUCT_PHOTOS_PER_PRODUCT} photos already; remove one before adding another`,
  );
}

export function createProductPhotoService(deps: {
  db: Db;
  dataDir: string;
  logger: Logger;
  catalogChanges: Pick<CatalogChanges, "changed">;
}) {
  const { db, logger, catalogChanges } = deps;
  const dir = productPhotosDir(deps.dataDir);

  async function requireProduct(trx: Db, productId: number) {
    const product = await findAdminProduct(trx, productId);
    if (!product) throw new AppError("not_found", "Product not found.");
    return product;
  }

  async function requirePhoto(trx: Db, productId: number, photoId: number) {
    const photos = await listPhotosOfProduct(trx, productId);
    const photo = photos.find((p) => p.id === photoId);
    if (!photo) throw new AppError("not_found", "That photo is not one of this product's.");
    return { photo, photos };
  }

  return {
    /** Every product's photos, by product id, first shown first. */
    async list(): Promise<Map<number, AdminProductPhoto[]>> {
      const byProduct = new Map<number, AdminProductPhoto[]>();
      for (const r of await listProductPhotos(db)) {
        byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), adminPhotoView(r)]);
      }
      return byProduct;
    },

    /** Checks, renders and stores a new photo, shown after the product's others. */
    async add(
      productId: number,
      upload: ProductPhotoUpload,
      alt: string,
      actor: Actor,
    ): Promise<AdminProductPhoto> {
      // Cheap refusals first: rendering takes seconds of a core.
      const product = await requireProduct(db, productId);
      if ((await listPhotosOfProduct(db, productId)).length >= PRODUCT_PHOTOS_PER_PRODUCT) {
        throw tooMany(product.name);
      }
      const processed = await processProductPhoto(upload);
      const fileKey = await storeProductPhoto(dir, processed);
      let record: ProductPhotoRecord;
      try {
        record = await db.transaction().execute(async (trx) => {
          await lockCatalogForEdit(trx);
          const current = await requireProduct(trx, productId);
          const photos = await listPhotosOfProduct(trx, productId);
          if (photos.length >= PRODUCT_PHOTOS_PER_PRODUCT) throw tooMany(current.name);
          const row: Omit<ProductPhotoRecord, "id"> = {
            productId,
            fileKey,
            alt,
            width: processed.width,
            height: processed.height,
            widths: processed.widths,
            bytes: processed.bytes,
            sortOrder: Math.max(0, ...photos.map((p) => p.sortOrder + 1)),
            createdAt: now(),
          };
          const id = await insertProductPhoto(trx, row);
          await recordAudit(
            trx,
            actor,
            "catalog",
            `${current.name}: photo added ${quoted(alt)} (${processed.width}×${processed.height})`,
            { after: { id, alt, width: processed.width, height: processed.height } },
          );
          return { ...row, id };
        });
      } catch (error) {
        await removeProductPhotoFiles(dir, fileKey, processed.widths);
        throw error;
      }
      await catalogChanges.changed();
      logger.info("product photo added", { productId, photoId: record.id });
      return adminPhotoView(record);
    },

    /** New words for a photo, or shown first. */
    async update(
      productId: number,
      photoId: number,
      input: { alt?: string | undefined; first?: true | undefined },
      actor: Actor,
    ): Promise<AdminProductPhoto> {
      const result = await db.transaction().execute(async (trx) => {
        await lockCatalogForEdit(trx);
        const product = await requireProduct(trx, productId);
        const { photo: before, photos } = await requirePhoto(trx, productId, photoId);
        const lowest = Math.min(...photos.map((p) => p.sortOrder));
        const moveFirst = input.first === true && photos[0]?.id !== photoId;
        const after: ProductPhotoRecord = {
          ...before,
          alt: input.alt ?? before.alt,
          sortOrder: moveFirst ? lowest - 1 : before.sortOrder,
        };
        const summary: string[] = [];
        if (after.alt !== before.alt) {
          summary.push(`photo description ${quoted(before.alt)} → ${quoted(after.alt)}`);
        }
        if (moveFirst) summary.push(`photo ${quoted(after.alt)} shown first`);
        if (summary.length === 0) return { record: before, changed: false };
        await updateProductPhoto(trx, photoId, after);
        await recordAudit(trx, actor, "catalog", `${product.name}: ${summary.join("; ")}`, {
          before: { id: photoId, alt: before.alt, sortOrder: before.sortOrder },
          after: { id: photoId, alt: after.alt, sortOrder: after.sortOrder },
        });
        return { record: after, changed: true };
      });
      if (result.changed) await catalogChanges.changed();
      return adminPhotoView(result.record);
    },

    /** Removes a photo; the drawing takes its place when it was the last. */
    async remove(productId: number, photoId: number, actor: Actor): Promise<void> {
      const photo = await db.transaction().execute(async (trx) => {
        await lockCatalogForEdit(trx);
        const product = await requireProduct(trx, productId);
        const { photo } = await requirePhoto(trx, productId, photoId);
        await deleteProductPhoto(trx, photoId);
        await recordAudit(
          trx,
          actor,
          "catalog",
          `${product.name}: photo removed ${quoted(photo.alt)}`,
          {
            before: { id: photoId, alt: photo.alt, width: photo.width, height: photo.height },
          },
        );
        return photo;
      });
      await catalogChanges.changed();
      await removeProductPhotoFiles(dir, photo.fileKey, photo.widths);
    },

    /** A rendition's bytes for GET /product-photos/:file. */
    file(fileName: string): Promise<{ data: Buffer; contentType: string }> {
      return readProductPhotoFile(dir, fileName);
    },
  };
}

export type ProductPhotoService = ReturnType<typeof createProductPhotoService>;
