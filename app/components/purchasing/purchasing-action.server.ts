/**
 * The order page's purchasing actions: order from suppliers, and a remake.
 * Answers the message to show, or null for the intents the page handles otherwise.
 */

import { remakeSchema } from "../../../domain/purchasing/purchasing";
import { remakeFromForm } from "../../../domain/purchasing/purchasing-form";
import { formNumber, formText } from "../../../domain/shared/back-office-form";
import { parseInput } from "../../lib/form-input.server";
import type { OrderFormAction } from "../orders/admin/order-business-action.server";

export const purchasingAction: OrderFormAction = async (services, orderId, form, actor) => {
  const intent = formText(form, "intent");
  if (intent === "purchase-orders") {
    const list = await services.purchaseOrders.createForOrder(orderId, actor);
    return `Purchase orders created: ${list.map((p) => `${p.poLabel} (${p.supplierName})`).join(", ")}.`;
  }
  if (intent === "remake") {
    const input = parseInput(remakeSchema, remakeFromForm(form));
    const done = await services.purchaseOrders.remake(
      orderId,
      formNumber(form, "itemId") ?? 0,
      input,
      actor,
    );
    return `Remake ordered on ${done.purchaseOrder.poLabel}.`;
  }
  return null;
};
