/**
 * Checkout. The form posts to this
 * route's action, which places the order with the same service as POST /api/orders; with
 * JavaScript the post goes through React Router without a reload. An empty cart, or one
 * holding an item no longer sold, → /cart.
 */
import { useEffect, useMemo } from "react";
import { data, Link, redirect, useNavigation } from "react-router";
import ordersWords from "../../../domain/i18n/compiled/en/orders.js";
import { languageOfPath, localizedPath } from "../../../domain/i18n/paths";
import {
  hasMissingRequiredField,
  MISSING_INFORMATION,
} from "../../../domain/orders/checkout-fields";
import { orderSubmissionFromForm } from "../../../domain/orders/checkout-schema";
import { checkCheckout } from "../../../domain/orders/checkout-validation";
import { fulfilmentOf } from "../../../domain/orders/fulfilment";
import { formatMoney } from "../../../domain/shared/money";
import { totalsToWire } from "../../../domain/storefront/cart-totals";
import { cartSessionOf } from "../../../server/sessions";
import { FitPromise } from "../../components/fit-promise";
import { ItemThumbnail } from "../../components/item-thumbnail";
import {
  CHECKOUT_FORM_ID,
  CheckoutForm,
  PlaceOrderButton,
} from "../../components/orders/checkout-form";
import { checkoutFieldErrors, checkoutRefusal } from "../../components/orders/checkout-refusal";
import { OrderSummary } from "../../components/orders/order-summary";
import type { OrdersT } from "../../components/orders/order-words";
import { useToast } from "../../components/toast";
import { formFailure } from "../../lib/action-errors.server";
import { cartLineOf } from "../../lib/cart-lines.server";
import { AppError, readForm } from "../../lib/form-input.server";
import { isFormFailure, useSchemaForm } from "../../lib/forms";
import { translator, useLanguage, useLocalized, useT } from "../../lib/i18n";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../lib/root-data";
import type { Route } from "./+types/checkout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { cart, catalog } = context.services;
  const [view, names] = await Promise.all([cart.read(cartSessionOf(request)), catalog.pricing()]);
  // An item the store no longer sells must be removed first: the cart page says which.
  if (view.items.length === 0 || view.items.some((i) => !i.available)) {
    throw redirect(localizedPath("/cart", languageOfPath(new URL(request.url).pathname)));
  }
  return data(
    {
      items: view.items.map((i) => cartLineOf(i, names)),
      totals: view.totals,
      wireTotals: totalsToWire(view.totals),
      fulfilment: fulfilmentOf(view.items),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** The form's names are the customer's fields: "customerInfo.zipCode" → "zipCode". */
const formName = (path: string) => path.replace(/^customerInfo\./, "");

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  const values: Record<string, unknown> = {};
  const language = languageOfPath(new URL(request.url).pathname);
  try {
    // The page's language becomes the order's (its emails and texts are written in it).
    const raw: Record<string, unknown> = {
      ...orderSubmissionFromForm(await readForm(request)),
      language,
    };
    Object.assign(values, raw.customerInfo);
    // A refused post keeps the texts box as the shopper left it (the reply carries strings).
    values.textReminders = values.textReminders === true ? "true" : "";
    // One parse: every field's problem at once, the ZIP's service area beside them.
    const check = checkCheckout(raw, services.business);
    if (!check.ok) {
      const count = Object.keys(check.fields).length;
      throw new AppError(
        "validation_failed",
        check.missing
          ? MISSING_INFORMATION.description
          : `Please correct the ${count === 1 ? "marked field" : `${count} marked fields`}.`,
        { fields: check.fields },
      );
    }
    const { order } = await services.orders.placeOrder({
      sessionId: cartSessionOf(request),
      submission: check.submission,
      clientKey: clientAddress,
    });
    const confirmation = `/order-confirmation?ref=${encodeURIComponent(order.reference)}&placed=1`;
    return redirect(localizedPath(confirmation, language));
  } catch (error) {
    return formFailure(error, context, { values, rename: formName });
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  const language = languageOfPath(location.pathname);
  const t = translator(language, "orders", ordersWords);
  return pageMeta({
    title: t("checkout.meta.title"),
    description: t("checkout.meta.description"),
    path: "/checkout",
    root: rootFromMatches(matches),
    noIndex: true,
    language,
  });
}

const isTicked = (value: unknown) => value === "on" || value === "true" || value === true;

/**
 * "Text me about my appointments", unticked by default: part of the checkout form through its form attribute, beside Place Order.
 */
function TextsConsent({ checked, t }: { checked: boolean; t: OrdersT }) {
  return (
    <label className="card flex min-h-11 cursor-pointer items-start gap-3">
      <input
        type="checkbox"
        name="textReminders"
        form={CHECKOUT_FORM_ID}
        defaultChecked={checked}
        className="mt-1 h-6 w-6 shrink-0 accent-primary"
      />
      <span>{t("checkout.texts")}</span>
    </label>
  );
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const toast = useToast();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const failure = isFormFailure(actionData) ? actionData : null;
  const t = useT("orders", ordersWords);
  const language = useLanguage();
  const localized = useLocalized();
  const { business } = useRootData();
  const shown = useMemo(
    () => (failure ? checkoutRefusal(t, language, failure, business) : null),
    [failure, t, language, business],
  );
  const checkout = useSchemaForm({
    id: CHECKOUT_FORM_ID,
    // zod comes with the form's first use, not with the page.
    schema: () =>
      import("../../../domain/orders/checkout-schema").then((m) => ({
        schema: m.customerInfoSchema,
      })),
    failure,
    // The browser's check stopped the order: the same toast the action's refusal gives.
    onRefused: (form) => {
      const typed = Object.fromEntries(new FormData(form));
      const missing = hasMissingRequiredField(typed);
      toast({
        title: missing ? t("checkout.missing.title") : t("checkout.refusal.check"),
        description: missing ? t("checkout.missing.description") : t("checkout.correctMarked"),
        variant: "destructive",
      });
    },
  });

  useEffect(() => {
    if (!shown) return;
    toast({ ...shown, variant: "destructive" });
  }, [shown, toast]);

  const { items, totals, wireTotals, fulfilment } = loaderData;
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-3xl font-bold">{t("checkout.title")}</h1>
      <p className="mt-2 text-muted">
        <Link to={localized("/cart")} className="text-primary underline">
          {t("checkout.back")}
        </Link>
      </p>
      {shown ? (
        <div role="alert" className="mt-6 rounded-md border border-danger bg-white p-4 text-danger">
          <p className="font-semibold">{shown.title}</p>
          <p className="mt-1 text-sm">{shown.description}</p>
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <CheckoutForm
          wireTotals={wireTotals}
          values={checkout.values}
          fieldErrors={checkoutFieldErrors(t, language, checkout.errors)}
          formProps={checkout.formProps}
          fulfilment={fulfilment}
          t={t}
        />
        {/* On phones the summary comes before Place Order; on wide screens it sits beside. */}
        <div className="space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <OrderSummary totals={totals} t={t}>
            <ul className="mt-4 space-y-3 border-t border-line pt-4 text-sm">
              {items.map((i) => (
                <li key={i.id} className="flex items-start gap-3">
                  <ItemThumbnail picture={i.picture} className="h-12 w-15" />
                  <span className="flex-1">
                    <span className="font-semibold">
                      {i.productName} × {i.quantity}
                    </span>
                    {i.roomLabel ? (
                      <span className="block text-muted">
                        {t("checkout.room", { room: i.roomLabel })}
                      </span>
                    ) : null}
                    <span className="block text-muted">{i.details[0]}</span>
                  </span>
                  <span className="whitespace-nowrap font-semibold">
                    {formatMoney(i.lineTotalCents)}
                  </span>
                </li>
              ))}
            </ul>
          </OrderSummary>
          <FitPromise />
        </div>
        <div className="space-y-4 lg:col-start-1">
          {fulfilment === "installed" ? (
            <TextsConsent checked={isTicked(checkout.values.textReminders)} t={t} />
          ) : null}
          <PlaceOrderButton totalCents={totals.totalCents} submitting={submitting} t={t} />
        </div>
      </div>
    </div>
  );
}
