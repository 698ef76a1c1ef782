/**
 * The order page's business actions: book or change a visit, record a payment or
 * refund, adjust an item, email the receipt. Answers the message to show, or null for the
 * intents the page handles itself. Runs inside the page's runAction (one error mapping).
 */

import {
  adjustedItemId,
  formNumber,
  formText,
  itemAdjustmentFormSchema,
  itemAdjustmentFromForm,
  itemAdjustmentPreviewFormSchema,
  paymentFromForm,
  visitCreateFromForm,
  visitUpdateFromForm,
} from "../../../../domain/shared/back-office-form";
import {
  paymentSchema,
  visitCreateSchema,
  visitUpdateSchema,
} from "../../../../domain/shared/back-office-schema";
import { formatMoney } from "../../../../domain/shared/money";
import type { PageServices } from "../../../../server/load-context";
import type { AdjustmentPreview } from "../../../../server/services/orders/adjustments";
import type { Actor } from "../../../../server/services/people/actor";
import { parseInput } from "../../../lib/form-input.server";

/**
 * Which form of the order page was sent: its intent, and for a visit's own form the visit
 * (each visit has one), so the page shows a refusal at the form that caused it.
 */
export function orderFormKey(form: FormData): string {
  const intent = formText(form, "intent") || "status";
  return intent === "visit-update" ? `visit-update-${formNumber(form, "visitId") ?? 0}` : intent;
}

/** The adjustment form's preview: the new price, total and balance, nothing saved. */
export async function adjustmentPreview(
  services: PageServices,
  orderId: number,
  form: FormData,
): Promise<AdjustmentPreview> {
  const input = parseInput(itemAdjustmentPreviewFormSchema, itemAdjustmentFromForm(form));
  return services.adjustments.previewItem(orderId, adjustedItemId(form), input);
}

/** One group of the order page's forms: the message to show, or null for another group's form. */
export type OrderFormAction = (
  services: PageServices,
  orderId: number,
  form: FormData,
  actor: Actor,
) => Promise<string | null>;

export const businessAction: OrderFormAction = async (services, orderId, form, actor) => {
  const intent = formText(form, "intent");
  if (intent === "visit") {
    const input = parseInput(visitCreateSchema, visitCreateFromForm(form));
    const visit = await services.visits.scheduleVisit(orderId, input, actor);
    return `${visit.kindLabel} booked: ${visit.when}.${input.notifyCustomer ? " The customer will get a calendar invite." : ""}`;
  }
  if (intent === "visit-update") {
    const input = parseInput(visitUpdateSchema, visitUpdateFromForm(form));
    const visit = await services.visits.updateVisit(formNumber(form, "visitId") ?? 0, input, actor);
    return `${visit.kindLabel} saved: ${visit.when} (${visit.statusLabel}).`;
  }
  if (intent === "payment") {
    const input = parseInput(paymentSchema, paymentFromForm(form));
    const summary = await services.payments.recordPayment(orderId, input, actor);
    const what = input.amount < 0 ? "Refund" : "Payment";
    return `${what} of ${formatMoney(Math.round(Math.abs(input.amount) * 100))} recorded. Paid ${formatMoney(summary.paidCents)}.`;
  }
  if (intent === "adjust") {
    const input = parseInput(itemAdjustmentFormSchema, itemAdjustmentFromForm(form));
    const result = await services.adjustments.adjustItem(
      orderId,
      adjustedItemId(form),
      input,
      actor,
    );
    const refund =
      result.refundOwedCents > 0
        ? ` A refund of ${formatMoney(result.refundOwedCents)} is owed: record it under Payments.`
        : "";
    return `Adjusted: ${result.summary}. New total ${formatMoney(result.totalAfterCents)}.${refund}`;
  }
  if (intent === "receipt-email") {
    await services.payments.emailReceipt(orderId, actor);
    return "The receipt will be emailed to the customer.";
  }
  return null;
};
