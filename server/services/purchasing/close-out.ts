/**
 * The installer's close-out: on his installation visit, each item installed or with a
 * problem and a note, up to 10 photos (the estimate's photo rules), the customer's signature with
 * a typed name, and the balance: collected in the same step or left due with a reason.
 * "Complete" marks the visit done and, when every item is installed and nothing is due,
 * completes the order; the customer then gets the completion email with the receipt and a link
 * to review the purchase.
 */
import {
  CLOSE_OUT_PHOTOS_MAX,
  type CloseOutInput,
  type CloseOutItemStatus,
  SIGNATURE_BYTES_MAX,
} from "../../../domain/purchasing/purchasing";
import { formatMoney } from "../../../domain/shared/money";
import { now, toNumber } from "../../db/database";
import {
  findOrderById,
  listOrderItems,
  lockOrderForUpdate,
} from "../../db/repositories/orders/orders";
import {
  findCloseOutByVisit,
  insertCloseOut,
  listCloseOutPhotos,
} from "../../db/repositories/purchasing/close-outs";
import { findVisitById, updateVisit } from "../../db/repositories/scheduling/visits";
import { AppError, fieldError, present } from "../../errors";
import {
  checkPhotoLimits,
  closeOutFilesDir,
  type PhotoUpload,
  processPhoto,
  readStoredPhoto,
  removeStoredPhotos,
  storePhoto,
  storeSignature,
} from "../../uploads/photos";
import type { ServiceDeps } from "../deps";
import type { AdminOrderDetail, AdminOrders } from "../orders/admin-orders";
import { completeWhenInstalledAndPaid } from "../orders/completion";
import { recordOrderEvent } from "../orders/order-events";
import {
  type PaymentService,
  type PaymentSummary,
  paymentCents,
  recordPaymentIn,
} from "../orders/payments";
import type { Actor } from "../people/actor";
import { recordAudit } from "../people/audit";

export interface CloseOutResult {
  closeOutId: number;
  visitId: number;
  orderId: number;
  orderCompleted: boolean;
  balanceDueCents: number;
  photos: number;
}

export interface CloseOutView {
  id: number;
  signerName: string;
  createdAt: string;
  actor: string;
  items: { itemId: number; status: CloseOutItemStatus; note: string | null }[];
  photoIds: number[];
}

/** What the installer's job card shows. */
export interface JobCard {
  visit: {
    id: number;
    kind: string;
    status: string;
    date: string;
    start: string;
    end: string;
    staffId: number | null;
  };
  order: AdminOrderDetail;
  payments: PaymentSummary;
  closeOut: CloseOutView | null;
}

/**
 * What the close-out does with the balance `dueCents` (before it): the payment collected, in
 * cents, and the reason kept when money stays due. A balance due with neither answer, or a
 * payment that doesn't fit the balance, is refused with the field to fix.
 */
export function settleBalance(
  dueCents: number,
  input: Pick<CloseOutInput, "payment" | "balanceReason">,
): { paymentCents: number; reason: string | null; leftCents: number } {
  const cents = input.payment ? paymentCents(input.payment.amount) : 0;
  if (cents > 0 && dueCents <= 0) {
    throw fieldError(
      "validation_failed",
      "payment",
      "nothing is due on this order: record no payment.",
    );
  }
  if (cents > dueCents && dueCents > 0) {
    throw fieldError(
      "validation_failed",
      "payment.amount",
      `the balance is ${formatMoney(dueCents)}: collect at most that.`,
    );
  }
  const left = dueCents - cents;
  const reason = input.balanceReason ?? null;
  if (left > 0 && !reason) {
    throw fieldError(
      "validation_failed",
      "balanceReason",
      `${formatMoney(left)} is still due: record the payment collected, or say why it stays due.`,
    );
  }
  return { paymentCents: cents, reason: left > 0 ? reason : null, leftCents: Math.max(0, left) };
}

export function createCloseOutService(
  deps: ServiceDeps,
  others: {
    admin: Pick<AdminOrders, "getOrder">;
    payments: Pick<PaymentService, "paymentSummary">;
  },
) {
  const { db, config, logger, emails } = deps;
  const dir = closeOutFilesDir(config.dataDir);

  async function savePhotos(photos: readonly PhotoUpload[]) {
    const processed = [];
    // One at a time: decoding a phone photo takes memory and a core.
    for (const [i, photo] of photos.entries()) processed.push(await processPhoto(photo, i));
    const saved = [];
    for (const p of processed) {
      saved.push({
        fileName: await storePhoto(dir, p),
        contentType: p.contentType,
        bytes: p.data.length,
        width: p.width,
        height: p.height,
      });
    }
    return saved;
  }

  async function forVisit(visitId: number): Promise<CloseOutView | null> {
    const row = await findCloseOutByVisit(db, visitId);
    if (!row) return null;
    const photos = await listCloseOutPhotos(db, row.id);
    return {
      id: row.id,
      signerName: row.signer_name,
      createdAt: row.created_at,
      actor: row.actor,
      items: JSON.parse(row.items),
      photoIds: photos.map((p) => p.id),
    };
  }

  return {
    async closeOut(
      visitId: number,
      input: CloseOutInput,
      photos: readonly PhotoUpload[],
      signature: Uint8Array | null,
      actor: Actor,
    ): Promise<CloseOutResult> {
      checkPhotoLimits(photos, CLOSE_OUT_PHOTOS_MAX);
      if (!signature || signature.length === 0) {
        throw fieldError("validation_failed", "signature", "the customer's signature is required");
      }
      if (signature.length > SIGNATURE_BYTES_MAX) {
        throw fieldError("payload_too_large", "signature", "the image is larger than 512 KB");
      }
      const visit = await findVisitById(db, visitId);
      if (!visit) throw new AppError("not_found", "Visit not found.");
      const orderId = visit.order_id;
      if (visit.kind !== "install" || orderId === null) {
        throw new AppError("conflict", "Only an installation visit is closed out.");
      }
      if (visit.status !== "scheduled") {
        throw new AppError(
          "conflict",
          `This visit is already ${visit.status === "done" ? "done" : "cancelled"}; it can't be closed out again.`,
          { details: { reason: "visit_not_scheduled" } },
        );
      }
      const items = await listOrderItems(db, [orderId]);
      const ids = new Set(items.map((i) => i.id));
      const listed = new Set(input.items.map((i) => i.itemId));
      const unknown = input.items.find((i) => !ids.has(i.itemId));
      if (unknown) {
        throw fieldError(
          "validation_failed",
          "items",
          `item ${unknown.itemId} is not on this order.`,
        );
      }
      if (listed.size !== input.items.length || listed.size !== ids.size) {
        throw fieldError(
          "validation_failed",
          "items",
          "mark every item of the order once, installed or with a problem.",
        );
      }
      // The balance answer is checked before any file is written; again under the lock below.
      const before = present(await findOrderById(db, orderId), `order ${orderId}`);
      settleBalance(toNumber(before.total_cents) - toNumber(before.paid_cents), input);
      const signatureFile = await storeSignature(dir, signature);
      const saved = await savePhotos(photos);
      const at = now();
      try {
        const result = await db.transaction().execute(async (trx) => {
          const fresh = await findVisitById(trx, visitId);
          if (fresh?.status !== "scheduled") {
            throw new AppError("conflict", "This visit was closed out or changed meanwhile.");
          }
          // The order's row lock: the balance is read as the last payment left
          // it, and a payment arriving meanwhile waits for this close-out.
          const order = present(await lockOrderForUpdate(trx, orderId), `order ${orderId}`);
          const balance = settleBalance(
            toNumber(order.total_cents) - toNumber(order.paid_cents),
            input,
          );
          const closeOutId = await insertCloseOut(trx, {
            visitId,
            orderId: orderId,
            items: input.items.map((i) => ({
              itemId: i.itemId,
              status: i.status,
              note: i.note ?? null,
            })),
            signerName: input.signerName,
            signatureFile,
            balanceReason: balance.reason,
            photos: saved,
            actor,
            at,
          });
          await updateVisit(trx, visitId, {
            kind: fresh.kind,
            status: "done",
            date: fresh.visit_date,
            start: fresh.start_time,
            end: fresh.end_time,
            staffId: fresh.staff_id,
            sequence: fresh.sequence + 1,
            at,
          });
          const installed = input.items.filter((i) => i.status === "installed").length;
          const problems = input.items.length - installed;
          const summary = `Installation visit closed out: ${installed} installed${problems ? `, ${problems} with a problem` : ""}; signed by ${input.signerName}; ${saved.length} ${saved.length === 1 ? "photo" : "photos"}`;
          await recordOrderEvent(
            trx,
            {
              orderId: orderId,
              kind: "close-out",
              summary,
              details: { visitId, closeOutId, items: input.items },
            },
            actor,
            at,
          );
          await recordAudit(
            trx,
            actor,
            "close_out",
            `Order #${order.order_number}: installation visit closed out (${installed} installed, ${problems} with a problem)`,
            { after: { visitId, closeOutId } },
          );
          if (input.payment && balance.paymentCents > 0) {
            await recordPaymentIn(
              trx,
              order.id,
              {
                cents: balance.paymentCents,
                method: input.payment.method,
                reference: input.payment.reference,
                note: "Collected at the close-out",
              },
              actor,
              at,
            );
          }
          if (balance.reason) {
            // The reason may name the customer: it stays in the order's history, not the log.
            await recordOrderEvent(
              trx,
              {
                orderId: order.id,
                kind: "close-out",
                summary: `Installed with ${formatMoney(balance.leftCents)} left due: ${balance.reason}`,
                details: { visitId, closeOutId, balanceDueCents: balance.leftCents },
              },
              actor,
              at,
            );
          }
          const completed = await completeWhenInstalledAndPaid(
            trx,
            config,
            order.id,
            "installation closed out with every item installed and nothing due",
            actor,
            at,
          );
          return { closeOutId, completed, due: balance.leftCents, orderId: order.id };
        });
        if (result.completed) emails.kick();
        logger.info("visit closed out", {
          visitId,
          orderId: result.orderId,
          completed: result.completed,
        });
        return {
          closeOutId: result.closeOutId,
          visitId,
          orderId: result.orderId,
          orderCompleted: result.completed,
          balanceDueCents: result.due,
          photos: saved.length,
        };
      } catch (error) {
        await removeStoredPhotos(dir, [signatureFile, ...saved.map((s) => s.fileName)]);
        throw error;
      }
    },

    async jobCard(visitId: number): Promise<JobCard> {
      const visit = await findVisitById(db, visitId);
      if (!visit) throw new AppError("not_found", "Visit not found.");
      const orderId = visit.order_id;
      if (orderId === null) throw new AppError("conflict", "This visit has no order yet.");
      const [order, payments, closeOut] = await Promise.all([
        others.admin.getOrder(orderId),
        others.payments.paymentSummary(orderId),
        forVisit(visitId),
      ]);
      return {
        visit: {
          id: visit.id,
          kind: visit.kind,
          status: visit.status,
          date: visit.visit_date,
          start: visit.start_time,
          end: visit.end_time,
          staffId: visit.staff_id,
        },
        order,
        payments,
        closeOut,
      };
    },

    forVisit,

    /** A close-out's photo or the signature, for the job card and the order page. */
    async file(visitId: number, photoId: number | "signature"): Promise<Buffer> {
      const row = await findCloseOutByVisit(db, visitId);
      if (!row) throw new AppError("not_found", "No such photo.");
      if (photoId === "signature") return readStoredPhoto(dir, row.signature_file);
      const photo = (await listCloseOutPhotos(db, row.id)).find((p) => p.id === photoId);
      if (!photo) throw new AppError("not_found", "No such photo.");
      return readStoredPhoto(dir, photo.file_name);
    },
  };
}

export type CloseOutService = ReturnType<typeof createCloseOutService>;
