/**
 * The order page's purchasing actions (decision 222): order from suppliers, and a remake.
 * Answers the message to show, or null for the intents the page handles otherwise.
 */
import { remakeSchema } from "../../../domain/purchasing";
import type { PageServices } from "../../../server/load-context";
import type { Actor } from "../../../server/services/people/actor";
import { parseInput } from "../../lib/form-input.server";
import { field, numberField } from "../admin/admin-form.server";

export async function purchasingAction(
  services: PageServices,
  orderId: number,
  form: FormData,
  actor: Actor,
): Promise<string | null> {
  const intent = field(form, "intent");
  if (intent === "purchase-orders") {
    const list = await services.purchaseOrders.createForOrder(orderId, actor);
    return `Purchase orders created: ${list.map((p) => `${p.poLabel} (${p.supplierName})`).join(", ")}.`;
  }
  if (intent === "remake") {
    const input = parseInput(remakeSchema, {
      reason: field(form, "reason"),
      note: field(form, "note"),
      paidBy: field(form, "paidBy"),
    });
    const done = await services.purchaseOrders.remake(
      orderId,
      numberField(form, "itemId") ?? 0,
      input,
      actor,
    );
    return `Remake ordered on ${done.purchaseOrder.poLabel}.`;
  }
  return null;
}
