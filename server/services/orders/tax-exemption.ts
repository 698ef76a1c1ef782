/**
 * A tax-exempt order (DECISIONS "Profit per job", tax-exempt customers): PATCH
 * /api/admin/orders/:id { taxExemption } by office or owners, before production. The certificate
 * must hold today (else 400 naming the date); the order's tax becomes 0 and its total drops by
 * it, or, with null, the order is taxed again at the rates that taxed it. An accepted quote's
 * deposit percent is applied to the new total.
 */
import {
  EXEMPTION_OPEN_STATUSES,
  exemptionLine,
  expiredExemptionMessage,
  type TaxExemption,
} from "../../../domain/books/tax-exemption";
import { calculateSalesTax } from "../../../domain/orders/sales-tax";
import { depositCents } from "../../../domain/sales/quote";
import { storeToday } from "../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../domain/shared/money";
import { now } from "../../db/database";
import { listOrderItems, lockOrderForUpdate } from "../../db/repositories/orders/orders";
import { setOrderTaxExemption } from "../../db/repositories/orders/tax-exemption";
import { findAcceptedQuoteTerms, setOrderSaleTerms } from "../../db/repositories/sales/quotes";
import { AppError } from "../../errors";
import { type ServiceDeps, withDeps } from "../deps";
import type { Actor } from "../people/actor";
import { recordOrderChange } from "./order-events";

/** 400 naming `taxExemption.expires` and the date, when the certificate has lapsed on `today`. */
export function assertCertificateHolds(exemption: TaxExemption, today: string): void {
  const expired = expiredExemptionMessage(exemption, today);
  if (expired) {
    throw new AppError("validation_failed", expired, {
      fields: { "taxExemption.expires": expired.slice(expired.indexOf(":") + 2) },
    });
  }
}

export async function changeOrderTaxExemption(
  deps: Pick<ServiceDeps, "db">,
  orderId: number,
  exemption: TaxExemption | null,
  actor: Actor,
  today = storeToday(),
): Promise<void> {
  if (exemption) assertCertificateHolds(exemption, today);
  const at = now();
  await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrderForUpdate(trx, orderId);
    if (!order) throw new AppError("not_found", "Order not found.");
    if (!EXEMPTION_OPEN_STATUSES.some((s) => s === order.status)) {
      throw new AppError(
        "conflict",
        `Order #${order.order_number} is ${order.status.replace("_", " ")}: its tax can't change after production starts.`,
      );
    }
    const items = await listOrderItems(trx, [orderId]);
    const subtotal = Number(order.subtotal_cents);
    const discounted = subtotal - Number(order.discount_cents);
    const tax = exemption
      ? { taxCents: 0, surtaxCents: 0, surtaxableCents: 0 }
      : calculateSalesTax(
          items.map((i) => ({ unitPriceCents: i.unit_price_cents, quantity: i.quantity })),
          subtotal,
          discounted,
          { salesTaxBasisPoints: order.tax_rate_bp, surtaxBasisPoints: order.surtax_rate_bp },
        );
    const totalCents = discounted + Number(order.shipping_cents) + tax.taxCents;
    await setOrderTaxExemption(trx, orderId, { exemption, ...tax, totalCents, at });
    // A deposit that is a percent of the total (an accepted quote's) follows the new total, as an
    // item adjustment's does; a cart order's deposit stays as it was.
    const quote = await findAcceptedQuoteTerms(trx, orderId);
    const depositBefore = Number(order.deposit_cents);
    const depositAfter = quote ? depositCents(totalCents, quote.depositPercent) : depositBefore;
    if (depositAfter !== depositBefore) {
      await setOrderSaleTerms(trx, orderId, {
        depositCents: depositAfter,
        cancelUntil: order.cancel_until,
      });
    }
    const depositWords =
      depositAfter !== depositBefore
        ? `; deposit ${formatMoney(depositBefore)} → ${formatMoney(depositAfter)}`
        : "";
    const summary = `${exemption ? exemptionLine(exemption) : "Tax exemption removed: taxed again"}; total ${formatMoney(Number(order.total_cents))} → ${formatMoney(totalCents)}${depositWords}`;
    await recordOrderChange(trx, actor, at, {
      orderId,
      kind: "adjustment",
      summary,
      details: {
        taxExemption: exemption,
        taxCents: tax.taxCents,
        totalCents,
        depositCents: depositAfter,
      },
      audit: {
        kind: "adjustment",
        summary: `Order #${order.order_number}: ${summary}`,
        details: {
          before: {
            taxCents: Number(order.tax_cents),
            totalCents: Number(order.total_cents),
            depositCents: depositBefore,
          },
          after: {
            taxExemption: exemption,
            taxCents: tax.taxCents,
            totalCents,
            depositCents: depositAfter,
          },
        },
      },
    });
  });
}

export function createTaxExemptionService(deps: Pick<ServiceDeps, "db">) {
  return { changeOrder: withDeps(deps, changeOrderTaxExemption) };
}
