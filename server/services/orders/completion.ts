/**
 * The order follows the work to the end:
 * an order whose items are all installed completes when nothing is due, whichever comes last,
 * the close-out or the payment that settles the balance. One rule for both, run inside the
 * transaction that holds the order's row lock, so two payments that arrive together complete
 * the order (and queue its completion email) once.
 */
import { randomBytes } from "node:crypto";
import type { CloseOutItemStatus } from "../../../domain/purchasing/purchasing";
import type { BusinessFacts } from "../../../domain/shared/business";
import { type Db, toNumber } from "../../db/database";
import { lockOrderForUpdate } from "../../db/repositories/orders/orders";
import { findPaymentsForOrder } from "../../db/repositories/orders/payments";
import { enqueueEmail } from "../../db/repositories/platform/email-outbox";
import {
  findLatestCloseOutForOrder,
  setReviewTokenHash,
} from "../../db/repositories/purchasing/close-outs";
import type { Order } from "../../db/types";
import { completionEmail } from "../../email/completion-email";
import { customerUrl } from "../../email/words";
import type { Actor } from "../people/actor";
import { hashReviewToken } from "../storefront/reviews";
import { moveOrderByWork } from "./order-moves";
import { summarizePayments } from "./payments-summary";

export interface CompletionConfig {
  business: BusinessFacts;
  publicUrl: string;
}

/** Every item of the order's latest close-out (it lists them all) was installed. */
export async function allItemsInstalled(db: Db, orderId: number): Promise<boolean> {
  const row = await findLatestCloseOutForOrder(db, orderId);
  if (!row) return false;
  const items = JSON.parse(row.items) as { status: CloseOutItemStatus }[];
  return items.length > 0 && items.every((i) => i.status === "installed");
}

async function queueCompletionEmail(trx: Db, config: CompletionConfig, order: Order) {
  const token = randomBytes(24).toString("base64url");
  await setReviewTokenHash(trx, order.id, hashReviewToken(token));
  const figures = summarizePayments(order, await findPaymentsForOrder(trx, order.id));
  await enqueueEmail(
    trx,
    completionEmail(config.business, order, figures, {
      reviewUrl: `${customerUrl(config.publicUrl, order.language, "/")}?review=${token}#testimonials`,
      statusUrl: customerUrl(
        config.publicUrl,
        order.language,
        `/orders/${encodeURIComponent(order.reference)}`,
      ),
    }),
  );
}

/**
 * Completes the order when every item is installed and nothing is due, with `cause` in its
 * history, and queues the completion email with the receipt; answers whether it completed.
 * The move happens once: a second caller finds the order completed already.
 */
export async function completeWhenInstalledAndPaid(
  trx: Db,
  config: CompletionConfig,
  orderId: number,
  cause: string,
  actor: Actor,
  at: string,
): Promise<boolean> {
  const order = await lockOrderForUpdate(trx, orderId);
  if (order?.status !== "scheduled") return false;
  if (toNumber(order.total_cents) !== toNumber(order.paid_cents)) return false;
  if (!(await allItemsInstalled(trx, orderId))) return false;
  if (!(await moveOrderByWork(trx, orderId, "completed", cause, actor, at))) return false;
  await queueCompletionEmail(trx, config, order);
  return true;
}
