import { now } from "../../../db/database";
import { enqueueEmail } from "../../../db/repositories/platform/email-outbox";
import { updatePurchaseOrder } from "../../../db/repositories/purchasing/purchase-orders";
import { purchaseOrderEmail, renderPurchaseOrderPdf } from "../../../email/purchase-order-pdf";
import { recordOrderChange } from "../../orders/order-events";
import type { Actor } from "../../people/actor";
import {
  getPurchaseOrder,
  type PurchaseOrderServiceDeps,
  type PurchaseOrderView,
  pdfData,
} from "./shared";

/** POST /api/admin/purchase-orders/:id/send: the PDF to the supplier (`sent`). */
export async function sendPurchaseOrder(
  deps: PurchaseOrderServiceDeps,
  id: number,
  actor: Actor,
): Promise<PurchaseOrderView> {
  const { db, config, emails } = deps;
  const business = config.business;

  const po = await getPurchaseOrder(deps, id);
  const pdf = await renderPurchaseOrderPdf(business, await pdfData(deps, po));
  const at = now();
  await db.transaction().execute(async (trx) => {
    await enqueueEmail(
      trx,
      purchaseOrderEmail(business, { ...po, lineCount: po.items.length }, pdf),
    );
    await updatePurchaseOrder(trx, id, {
      ...(po.status === "draft" ? { status: "sent" } : {}),
      sent_at: at,
      updated_at: at,
    });
    await recordOrderChange(trx, actor, at, {
      orderId: po.orderId,
      kind: "purchasing",
      summary: `${po.poLabel} sent to ${po.supplierName}`,
      details: { purchaseOrderId: id },
      audit: { kind: "purchasing", summary: `${po.poLabel} sent to ${po.supplierName}` },
    });
  });
  emails.kick();
  return getPurchaseOrder(deps, id);
}
