/** GET /api/account's JSON: the account service works in cents; the wire has dollars. */
import { centsToAmount } from "../../../domain/shared/money";
import type { AccountOverview } from "../../services/account/account";

export function accountOverviewToJson(overview: AccountOverview) {
  return {
    ...overview,
    orders: overview.orders.map(
      ({ totalCents, balanceDueCents, refundDueCents, story, ...order }) => ({
        ...order,
        total: centsToAmount(totalCents),
        balanceDue: centsToAmount(balanceDueCents),
        refundDue: centsToAmount(refundDueCents),
        paid: centsToAmount(story.payments.paidCents),
        payments: story.payments.payments.map(({ amountCents, ...p }) => ({
          ...p,
          amount: centsToAmount(amountCents),
        })),
        adjustments: story.adjustments,
        receiptUrl: story.receiptPath,
      }),
    ),
    quotes: overview.quotes.map(({ totalCents, ...quote }) => ({
      ...quote,
      total: centsToAmount(totalCents),
    })),
  };
}
