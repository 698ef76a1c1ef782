/** Close-outs of installation visits, their photos, and the review link's token (migration 0014). */
import type { Selectable } from "kysely";
import type { Db } from "../../database";
import type { CloseOutPhotosTable, CloseOutsTable } from "../../types";

export type CloseOutRow = Selectable<CloseOutsTable>;
export type CloseOutPhotoRow = Selectable<CloseOutPhotosTable>;

export async function insertCloseOut(
  db: Db,
  row: {
    visitId: number;
    orderId: number;
    items: { itemId: number; status: string; note: string | null }[];
    signerName: string;
    signatureFile: string;
    balanceReason: string | null;
    photos: {
      fileName: string;
      contentType: string;
      bytes: number;
      width: number;
      height: number;
    }[];
    actor: { label: string; staffId: number | null };
    at: string;
  },
): Promise<number> {
  const inserted = await db
    .insertInto("close_outs")
    .values({
      visit_id: row.visitId,
      order_id: row.orderId,
      items: JSON.stringify(row.items),
      signer_name: row.signerName,
      signature_file: row.signatureFile,
      balance_reason: row.balanceReason,
      actor: row.actor.label,
      staff_id: row.actor.staffId,
      created_at: row.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  if (row.photos.length) {
    await db
      .insertInto("close_out_photos")
      .values(
        row.photos.map((p) => ({
          close_out_id: id,
          file_name: p.fileName,
          content_type: p.contentType,
          bytes: p.bytes,
          width: p.width,
          height: p.height,
          created_at: row.at,
        })),
      )
      .execute();
  }
  return id;
}

export async function findCloseOutByVisit(
  db: Db,
  visitId: number,
): Promise<CloseOutRow | undefined> {
  return db.selectFrom("close_outs").selectAll().where("visit_id", "=", visitId).executeTakeFirst();
}

/** The order's latest close-out: it marks every item of the order, installed or not. */
export async function findLatestCloseOutForOrder(
  db: Db,
  orderId: number,
): Promise<CloseOutRow | undefined> {
  return db
    .selectFrom("close_outs")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function listCloseOutPhotos(db: Db, closeOutId: number): Promise<CloseOutPhotoRow[]> {
  return db
    .selectFrom("close_out_photos")
    .selectAll()
    .where("close_out_id", "=", closeOutId)
    .orderBy("id")
    .execute();
}

export async function setReviewTokenHash(db: Db, orderId: number, hash: string): Promise<void> {
  await db
    .updateTable("orders")
    .set({ review_token_hash: hash })
    .where("id", "=", orderId)
    .execute();
}
