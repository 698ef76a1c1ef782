/**
 * The private order-status page: reached by the unguessable reference; shows status, items, totals and the city, the
 * next visit, every payment and the balance, the changes after measuring and the receipt's
 * link. Unknown references answer 404.
 */
import { data, Link } from "react-router";
import ordersWords from "../../../domain/i18n/compiled/en/orders.js";
import { LOCALE_OF } from "../../../domain/i18n/language";
import { languageOfPath } from "../../../domain/i18n/paths";
import { isOrderStatus } from "../../../domain/orders/order-status";
import { phoneHref } from "../../../domain/shared/business";
import { NextSteps } from "../../components/orders/next-steps";
import { OrderItems } from "../../components/orders/order-items";
import { OrderProgress } from "../../components/orders/order-progress";
import { OrderStory } from "../../components/orders/order-story";
import { OrderSummary } from "../../components/orders/order-summary";
import { paymentWordsIn, progressLabelIn, statusWordIn } from "../../components/orders/order-words";
import { visitWhenIn } from "../../components/scheduling/visit-words";
import { translator, useLanguage, useLocalized, useT } from "../../lib/i18n";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/order-status";

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await context.services.orders.findPublicOrder(params.reference);
  if (!order) throw data("Order not found", { status: 404 });
  const [nextVisit, told] = await Promise.all([
    context.services.visits.nextVisitForReference(params.reference),
    context.services.customerOrders.byReference(params.reference),
  ]);
  if (!told) throw data("Order not found", { status: 404 });
  const { order: _row, ...story } = told;
  return data(
    { order, nextVisit, story },
    { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } },
  );
}

export function meta({ matches, params, location }: Route.MetaArgs) {
  const language = languageOfPath(location.pathname);
  const t = translator(language, "orders", ordersWords);
  return pageMeta({
    language,
    title: t("status.meta.title"),
    description: t("status.meta.description"),
    path: `/orders/${params.reference}`,
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

function dateIn(locale: string, at: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "America/New_York",
  }).format(new Date(at));
}

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { order, nextVisit, story } = loaderData;
  const done = order.status === "completed";
  const installed = order.fulfilment === "installed";
  const t = useT("orders", ordersWords);
  const language = useLanguage();
  const locale = LOCALE_OF[language];
  const localized = useLocalized();
  const placed = { date: dateIn(locale, order.createdAt), city: order.city };
  const visit = nextVisit
    ? { kindLabel: t(`visit.${nextVisit.kind}`), when: visitWhenIn(language, nextVisit) }
    : null;
  return (
    <div className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-bold">{t("status.title", { number: order.orderNumber })}</h1>
      <p className="mt-1 font-mono text-muted">
        {t("status.reference", { reference: order.reference })}
      </p>
      <p className="mt-2 text-muted">
        {installed ? t("status.placed.installed", placed) : t("status.placed.delivered", placed)}
      </p>
      <p className="mt-4">
        {t("status.label")}{" "}
        <span
          data-testid="order-status"
          className={`inline-flex rounded-full px-3 py-1 text-sm font-semibold ${done ? "bg-primary text-white" : "bg-primary-light text-primary-dark"}`}
        >
          {progressLabelIn(t, order.fulfilment, order.status) ?? t("word.cancelled")}
        </span>
      </p>
      <OrderProgress fulfilment={order.fulfilment} status={order.status} nextVisit={visit} t={t} />
      <p className="mt-4 text-muted" data-testid="order-money">
        {paymentWordsIn(t, {
          fulfilment: order.fulfilment,
          status: order.status,
          ...story.payments,
        })}
      </p>
      {order.status === "pending" ? (
        <NextSteps fulfilment={order.fulfilment} className="mt-8" t={t} />
      ) : null}
      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <section aria-labelledby="items-heading" className="card">
            <h2 id="items-heading" className="text-xl font-bold">
              {t("status.items")}
            </h2>
            <OrderItems items={order.items} t={t} />
          </section>
          <section aria-labelledby="history-heading" className="card">
            <h2 id="history-heading" className="text-xl font-bold">
              {t("status.history")}
            </h2>
            <ol className="mt-3 space-y-2 text-sm">
              {order.history.map((h) => (
                <li key={`${h.status}-${h.at}`} className="flex justify-between gap-4">
                  <span className="font-semibold">
                    {isOrderStatus(h.status)
                      ? statusWordIn(t, h.status, order.fulfilment)
                      : h.label}
                  </span>
                  <time dateTime={h.at} className="text-muted">
                    {dateIn(locale, h.at)}
                  </time>
                </li>
              ))}
            </ol>
          </section>
        </div>
        <div className="space-y-4">
          <OrderStory
            story={story}
            visitWhen={story.nextVisit ? visitWhenIn(language, story.nextVisit) : null}
            t={t}
            locale={locale}
          />
          <OrderSummary totals={order.totals} t={t} />
          <p className="text-sm text-muted">
            {t("status.questions")}{" "}
            <a href={phoneHref(business.phone)} className="font-semibold text-primary underline">
              {business.phone}
            </a>{" "}
            {t("status.questionsReference")}{" "}
            <Link to={localized("/contact")} className="font-semibold text-primary underline">
              {t("status.message")}
            </Link>
            .
          </p>
        </div>
      </div>
    </div>
  );
}
