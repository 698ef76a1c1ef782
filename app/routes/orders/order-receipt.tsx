/**
 * /orders/REFERENCE/receipt: the customer's receipt, reached with the order's reference like the
 * order page: every payment and refund,
 * the total, what was paid and the balance; printable. Unknown references answer 404.
 */
import { data, Link } from "react-router";
import { exemptionOfRow } from "../../../domain/books/tax-exemption";
import ordersWords from "../../../domain/i18n/compiled/en/orders.js";
import { LOCALE_OF } from "../../../domain/i18n/language";
import { languageOfPath } from "../../../domain/i18n/paths";
import { balanceTextIn } from "../../components/orders/order-words";
import { ReceiptSheet } from "../../components/orders/receipt-payments";
import { translator, useLanguage, useLocalized, useT } from "../../lib/i18n";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/order-receipt";

export async function loader({ params, context }: Route.LoaderArgs) {
  const told = await context.services.customerOrders.byReference(params.reference);
  if (!told) throw data("Order not found", { status: 404 });
  const { order, payments } = told;
  return data(
    {
      reference: order.reference,
      orderNumber: order.order_number,
      name: `${order.first_name} ${order.last_name}`,
      city: order.city,
      payments,
      exemption: exemptionOfRow(order),
    },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

export function meta({ matches, params, data: loaded, location }: Route.MetaArgs) {
  const language = languageOfPath(location.pathname);
  const t = translator(language, "orders", ordersWords);
  return pageMeta({
    language,
    title: loaded
      ? t("receipt.meta.title", { number: loaded.orderNumber })
      : t("receipt.meta.titlePlain"),
    description: t("receipt.meta.description"),
    path: `/orders/${params.reference}/receipt`,
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

export default function CustomerReceipt({ loaderData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { reference, orderNumber, name, city, payments, exemption } = loaderData;
  const t = useT("orders", ordersWords);
  const language = useLanguage();
  const localized = useLocalized();
  return (
    <div className="container-page max-w-3xl py-10 print:max-w-none print:p-0">
      <p className="mb-6 flex flex-wrap gap-3 print:hidden">
        <Link to={localized(`/orders/${reference}`)} className="btn-secondary">
          {t("receipt.back")}
        </Link>
      </p>
      <ReceiptSheet
        title={t("receipt.title", { number: orderNumber })}
        who={
          <p className="text-sm">
            {name}, {city}
          </p>
        }
        business={business}
        payments={payments}
        balance={balanceTextIn(t, payments)}
        exemption={
          exemption
            ? t("receipt.exemption", {
                kind: t(`exemption.${exemption.type}`),
                number: exemption.certificateNumber,
                date: exemption.expires,
              })
            : null
        }
        t={t}
        locale={LOCALE_OF[language]}
      />
    </div>
  );
}
