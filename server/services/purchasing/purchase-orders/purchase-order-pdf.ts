import { renderPurchaseOrderPdf } from "../../../email/purchase-order-pdf";
import { getPurchaseOrder, type PurchaseOrderServiceDeps, pdfData } from "./shared";

export async function purchaseOrderPdf(
  deps: PurchaseOrderServiceDeps,
  id: number,
): Promise<{ data: Buffer; fileName: string }> {
  const { config } = deps;
  const business = config.business;

  const po = await getPurchaseOrder(deps, id);
  return {
    data: await renderPurchaseOrderPdf(business, await pdfData(deps, po)),
    fileName: `${po.poLabel}.pdf`,
  };
}
