/**
 * The order page's business actions (decision 150): book or change a visit, record a payment or
 * refund, adjust an item, email the receipt. Answers the message to show, or null for the
 * intents the page handles itself. Runs inside the page's runAction (one error mapping).
 */
import {
  itemAdjustmentSchema,
  paymentSchema,
  visitCreateSchema,
  visitUpdateSchema,
} from "../../../domain/back-office-schema";
import { formatMoney } from "../../../domain/money";
import type { PageServices } from "../../../server/load-context";
import type { Actor } from "../../../server/services/people/actor";
import { parseInput } from "../../lib/form-input.server";
import { field, numberField } from "./admin-form.server";

function staffIdOf(form: FormData): number | null {
  return numberField(form, "staffId") ?? null;
}

export async function businessAction(
  services: PageServices,
  orderId: number,
  form: FormData,
  actor: Actor,
): Promise<string | null> {
  const intent = field(form, "intent");
  const notifyCustomer = form.get("notifyCustomer") === "on";
  const twoPersonJob = form.get("twoPersonJob") === "on";
  if (intent === "visit") {
    const input = parseInput(visitCreateSchema, {
      kind: field(form, "kind"),
      date: field(form, "date"),
      start: field(form, "start"),
      end: field(form, "end"),
      staffId: staffIdOf(form),
      notifyCustomer,
      twoPersonJob,
    });
    const visit = await services.visits.scheduleVisit(orderId, input, actor);
    return `${visit.kindLabel} booked: ${visit.when}.${notifyCustomer ? " The customer will get a calendar invite." : ""}`;
  }
  if (intent === "visit-update") {
    const input = parseInput(visitUpdateSchema, {
      date: field(form, "date"),
      start: field(form, "start"),
      end: field(form, "end"),
      staffId: staffIdOf(form),
      status: field(form, "status"),
      notifyCustomer,
      twoPersonJob,
    });
    const visit = await services.visits.updateVisit(
      numberField(form, "visitId") ?? 0,
      input,
      actor,
    );
    return `${visit.kindLabel} saved: ${visit.when} (${visit.statusLabel}).`;
  }
  if (intent === "payment") {
    const input = parseInput(paymentSchema, {
      amount: numberField(form, "amount"),
      method: field(form, "method"),
      reference: field(form, "reference"),
      note: field(form, "note"),
      emailReceipt: form.get("emailReceipt") === "on",
    });
    const summary = await services.payments.recordPayment(orderId, input, actor);
    const what = input.amount < 0 ? "Refund" : "Payment";
    return `${what} of ${formatMoney(Math.round(Math.abs(input.amount) * 100))} recorded. Paid ${formatMoney(summary.paidCents)}.`;
  }
  if (intent === "adjust") {
    const input = parseInput(itemAdjustmentSchema, {
      width: numberField(form, "width"),
      height: numberField(form, "height"),
      quantity: numberField(form, "quantity"),
      reason: field(form, "reason"),
      notifyCustomer,
    });
    const result = await services.adjustments.adjustItem(
      orderId,
      numberField(form, "itemId") ?? 0,
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
}
