/**
 * A receipt's payments table and its figures (order total, paid, balance): the customer's
 * receipt (/orders/REFERENCE/receipt) and the office's printable one
 * (/admin/orders/:id/receipt) print the same lines. Dates and times in store time.
 */

import type { ReactNode } from "react";
import { STORE_TIME_ZONE } from "../../../domain/scheduling/visit-time";
import { formatMoney } from "../../../domain/shared/money";
import type { PaymentView } from "../../../server/services/orders/payments-summary";
import { methodLabelIn, type OrdersT } from "./order-words";

function when(locale: string, at: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: STORE_TIME_ZONE,
  }).format(new Date(at));
}

export type ReceiptLine = Pick<
  PaymentView,
  "id" | "amountCents" | "method" | "methodLabel" | "reference" | "receivedAt"
>;

export function ReceiptPayments({
  payments,
  totalCents,
  paidCents,
  balance,
  t,
  locale,
}: {
  t: OrdersT;
  locale: string;
  payments: readonly ReceiptLine[];
  totalCents: number;
  paidCents: number;
  /** The balance in words ("$51.68 due", "Paid in full", the refund owed). */
  balance: string;
}) {
  return (
    <>
      {payments.length === 0 ? (
        <p className="mt-4">{t("receipt.none")}</p>
      ) : (
        <table className="mt-4 w-full text-sm">
          <caption className="sr-only">{t("receipt.caption")}</caption>
          <thead>
            <tr className="border-b border-line text-left">
              <th scope="col" className="py-1 pr-2">
                {t("receipt.date")}
              </th>
              <th scope="col" className="py-1 pr-2">
                {t("receipt.what")}
              </th>
              <th scope="col" className="py-1 text-right">
                {t("receipt.amount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p.id} className="border-b border-line">
                <td className="py-1 pr-2">
                  <time dateTime={p.receivedAt}>{when(locale, p.receivedAt)}</time>
                </td>
                <td className="py-1 pr-2">
                  {p.amountCents < 0 ? t("story.refund") : t("story.payment")},{" "}
                  {methodLabelIn(t, p.method)}
                  {p.reference ? ` ${p.reference}` : ""}
                </td>
                <td className="py-1 text-right tabular-nums">{formatMoney(p.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-y-1">
        <dt>{t("story.orderTotal")}</dt>
        <dd className="text-right tabular-nums">{formatMoney(totalCents)}</dd>
        <dt>{t("story.paid")}</dt>
        <dd className="text-right tabular-nums">{formatMoney(paidCents)}</dd>
        <dt className="font-bold">{t("story.balance")}</dt>
        <dd className="text-right font-bold" data-testid="receipt-balance">
          {balance}
        </dd>
      </dl>
    </>
  );
}

/** The whole printable receipt: who it is for, the store's contact lines, the payments. */
export function ReceiptSheet({
  title,
  who,
  business,
  payments,
  balance,
  exemption = null,
  t,
  locale,
}: {
  t: OrdersT;
  locale: string;
  title: string;
  /** The customer's lines under the title. */
  who: ReactNode;
  business: { name: string; phone: string; email: string };
  payments: { payments: readonly ReceiptLine[]; totalCents: number; paidCents: number };
  balance: string;
  /** A tax-exempt sale's certificate line (exemptionLine), printed on the receipt. */
  exemption?: string | null;
}) {
  return (
    <div className="card print:border-0 print:p-0 print:shadow-none">
      <div className="flex flex-wrap items-start justify-between gap-2 border-b-2 border-ink pb-3">
        <div>
          <h1 className="text-2xl font-bold break-all">{title}</h1>
          {who}
        </div>
        <p className="text-sm">
          {business.name}
          <br />
          {business.phone}
          <br />
          {business.email}
        </p>
      </div>
      {exemption ? <p className="mt-3 text-sm font-semibold">{exemption}</p> : null}
      <ReceiptPayments
        payments={payments.payments}
        totalCents={payments.totalCents}
        paidCents={payments.paidCents}
        balance={balance}
        t={t}
        locale={locale}
      />
      <p className="mt-6 text-sm">{t("receipt.thanks", { name: business.name })}</p>
    </div>
  );
}
