/** Owners' product photos: the rows; the renditions are files (uploads/). */
import type { Db } from "../../database";

export interface ProductPhotoRecord {
  id: number;
  productId: number;
  fileKey: string;
  alt: string;
  width: number;
  height: number;
  widths: number[];
  bytes: number;
  sortOrder: number;
  createdAt: string;
}

function widthsOf(text: string): number[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((w): w is number => Number.isInteger(w)) : [];
  } catch {
    return [];
  }
}

/** Every product's photos, first shown first (sort order, then the oldest). */
export async function listProductPhotos(db: Db): Promise<ProductPhotoRecord[]> {
  const rows = await db
    .selectFrom("product_photos")
    .selectAll()
    .orderBy("product_id")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    productId: Number(r.product_id),
    fileKey: r.file_key,
    alt: r.alt,
    width: Number(r.width),
    height: Number(r.height),
    widths: widthsOf(r.widths),
    bytes: Number(r.bytes),
    sortOrder: Number(r.sort_order),
    createdAt: r.created_at,
  }));
}

export async function listPhotosOfProduct(
  db: Db,
  productId: number,
): Promise<ProductPhotoRecord[]> {
  return (await listProductPhotos(db)).filter((p) => p.productId === productId);
}

export async function insertProductPhoto(
  db: Db,
  photo: Omit<ProductPhotoRecord, "id">,
): Promise<number> {
  const row = await db
    .insertInto("product_photos")
    .values({
      product_id: photo.productId,
      file_key: photo.fileKey,
      alt: photo.alt,
      width: photo.width,
      height: photo.height,
      widths: JSON.stringify(photo.widths),
      bytes: photo.bytes,
      sort_order: photo.sortOrder,
      created_at: photo.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateProductPhoto(
  db: Db,
  id: number,
  change: { alt: string; sortOrder: number },
): Promise<void> {
  await db
    .updateTable("product_photos")
    .set({ alt: change.alt, sort_order: change.sortOrder })
    .where("id", "=", id)
    .execute();
}

export async function deleteProductPhoto(db: Db, id: number): Promise<void> {
  await db.deleteFrom("product_photos").where("id", "=", id).execute();
}
