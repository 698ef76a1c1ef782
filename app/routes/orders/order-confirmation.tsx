/**
 * Thank-you page: four cards, call / message / home links,
 * plus the order reference, a summary and the private status link. `?placed=1` comes from checkout and shows the success toast once.
 */
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import ordersWords from "../../../domain/i18n/compiled/en/orders.js";
import { languageOfPath } from "../../../domain/i18n/paths";
import { phoneHref } from "../../../domain/shared/business";
import { CheckIcon, MailIcon, PhoneIcon } from "../../components/icons";
import { NextSteps } from "../../components/orders/next-steps";
import { OrderItems } from "../../components/orders/order-items";
import { OrderSummary } from "../../components/orders/order-summary";
import { fulfilmentSummaryIn } from "../../components/orders/order-words";
import { useToast } from "../../components/toast";
import { translator, useLocalized, useT } from "../../lib/i18n";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/order-confirmation";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const reference = url.searchParams.get("ref");
  const order = reference ? await context.services.orders.findPublicOrder(reference) : null;
  return { order, placed: url.searchParams.get("placed") === "1" };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const language = languageOfPath(location.pathname);
  const t = translator(language, "orders", ordersWords);
  return pageMeta({
    title: t("confirmation.meta.title"),
    description: t("confirmation.meta.description"),
    path: "/order-confirmation",
    root: rootFromMatches(matches),
    noIndex: true,
    language,
  });
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { business } = useRootData();
  const toast = useToast();
  const navigate = useNavigate();
  const { order, placed } = loaderData;
  const t = useT("orders", ordersWords);
  const localized = useLocalized();

  useEffect(() => {
    if (!placed) return;
    toast({
      title: t("confirmation.placed.title"),
      description:
        order?.fulfilment === "delivered"
          ? t("confirmation.placed.delivered")
          : t("confirmation.placed.installed"),
    });
    // Drop the flag so a reload does not announce the order again.
    const page = localized("/order-confirmation");
    navigate(order ? `${page}?ref=${order.reference}` : page, {
      replace: true,
      preventScrollReset: true,
    });
  }, [placed, order, toast, navigate, t, localized]);

  return (
    <div className="container-page py-10 sm:py-16">
      <div className="text-center">
        <span
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-success text-white"
          aria-hidden="true"
        >
          <CheckIcon />
        </span>
        <h1 className="mt-4 text-3xl font-bold">{t("confirmation.title")}</h1>
        {order ? (
          <p className="mt-3 text-lg">
            <strong data-testid="order-number">
              {t("confirmation.number", { number: order.orderNumber })}
            </strong>
            . {t("confirmation.reference")}{" "}
            <strong data-testid="order-reference" className="whitespace-nowrap font-mono">
              {order.reference}
            </strong>
          </p>
        ) : null}
        <p className="mt-2 text-muted">
          {order ? fulfilmentSummaryIn(t, order.fulfilment) : t("confirmation.placed.installed")}
        </p>
      </div>

      {order ? <NextSteps fulfilment={order.fulfilment} className="mt-10" t={t} /> : null}
      {order?.fulfilment === "installed" ? (
        <p className="mt-6 text-center">
          <Link to={localized(`/book?order=${order.reference}`)} className="btn-primary">
            {t("confirmation.book")}
          </Link>
        </p>
      ) : null}

      {order ? (
        <div className="mt-10 grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
          <section aria-labelledby="your-order" className="card">
            <h2 id="your-order" className="text-xl font-bold">
              {t("confirmation.yourOrder")}
            </h2>
            <OrderItems items={order.items} t={t} />
            <Link to={localized(`/orders/${order.reference}`)} className="btn-secondary mt-4">
              {t("confirmation.follow")}
            </Link>
          </section>
          <OrderSummary totals={order.totals} t={t} />
        </div>
      ) : null}

      <div className="mt-10 grid gap-3 sm:flex sm:flex-wrap sm:justify-center">
        <a href={phoneHref(business.phone)} className="btn-primary">
          <PhoneIcon /> {t("confirmation.call", { phone: business.phone })}
        </a>
        <Link to={localized("/contact")} className="btn-secondary">
          <MailIcon /> {t("confirmation.message")}
        </Link>
        <Link to={localized("/")} className="btn-secondary">
          {t("confirmation.home")}
        </Link>
      </div>
    </div>
  );
}
