/**
 * Checkout. The form posts to this
 * route's action, which places the order with the same service as POST /api/orders; with
 * JavaScript the post goes through React Router without a reload. An empty cart, or one
 * holding an item no longer sold, → /cart.
 */
import { useEffect, useMemo } from "react";
import { data, Link, redirect, useNavigation } from "react-router";
import {
  hasMissingRequiredField,
  MISSING_INFORMATION,
} from "../../../domain/orders/checkout-fields";
import { orderSubmissionFromForm } from "../../../domain/orders/checkout-schema";
import { checkCheckout } from "../../../domain/orders/checkout-validation";
import { fulfilmentOf } from "../../../domain/orders/fulfilment";
import { TEXT_CONSENT_WORDS } from "../../../domain/scheduling/booking-fields";
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
import { OrderSummary } from "../../components/orders/order-summary";
import { useToast } from "../../components/toast";
import { formFailure } from "../../lib/action-errors.server";
import { cartLineOf } from "../../lib/cart-lines.server";
import { AppError, readForm } from "../../lib/form-input.server";
import { type FormFailure, isFormFailure, replyValues, useSchemaForm } from "../../lib/forms";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import type { Route } from "./+types/checkout";

const ORDER_FAILED = {
  title: "Order Failed",
  description: "There was an error processing your order. Please try again or contact support.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { cart, catalog } = context.services;
  const [view, names] = await Promise.all([cart.read(cartSessionOf(request)), catalog.pricing()]);
  // An item the store no longer sells must be removed first: the cart page says which.
  if (view.items.length === 0 || view.items.some((i) => !i.available)) throw redirect("/cart");
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

const FAILURE_TITLES: Record<string, string> = {
  outside_service_area: "Outside Our Service Area",
  totals_mismatch: "Prices Updated",
  validation_failed: "Please Check Your Details",
  unsupported_media_type: "Please Check Your Details",
  bad_request: "Please Check Your Details",
};

/** The form's names are the customer's fields: "customerInfo.zipCode" → "zipCode". */
const formName = (path: string) => path.replace(/^customerInfo\./, "");

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  const values: Record<string, unknown> = {};
  try {
    const raw = orderSubmissionFromForm(await readForm(request));
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
    return redirect(`/order-confirmation?ref=${encodeURIComponent(order.reference)}&placed=1`);
  } catch (error) {
    return formFailure(error, context, { values, rename: formName });
  }
}

/** The title and sentence of a refusal, from its code and what was typed (never its wording). */
function refusal(failure: FormFailure) {
  if (failure.code === "internal") return ORDER_FAILED;
  if (failure.code === "validation_failed" && hasMissingRequiredField(replyValues(failure))) {
    return MISSING_INFORMATION;
  }
  return {
    title: FAILURE_TITLES[failure.code] ?? ORDER_FAILED.title,
    description: failure.message,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Checkout",
    description: "Enter your contact details and installation address. No payment required today.",
    path: "/checkout",
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

const isTicked = (value: unknown) => value === "on" || value === "true" || value === true;

/**
 * "Text me about my appointments", unticked by default: part of the checkout form through its form attribute, beside Place Order.
 */
function TextsConsent({ checked }: { checked: boolean }) {
  return (
    <label className="card flex min-h-11 cursor-pointer items-start gap-3">
      <input
        type="checkbox"
        name="textReminders"
        form={CHECKOUT_FORM_ID}
        defaultChecked={checked}
        className="mt-1 h-6 w-6 shrink-0 accent-primary"
      />
      <span>{TEXT_CONSENT_WORDS}</span>
    </label>
  );
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const toast = useToast();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const failure = isFormFailure(actionData) ? actionData : null;
  const shown = useMemo(() => (failure ? refusal(failure) : null), [failure]);
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
      toast({
        ...(hasMissingRequiredField(typed)
          ? MISSING_INFORMATION
          : {
              title: FAILURE_TITLES.validation_failed ?? "",
              description: "Please correct the marked fields.",
            }),
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
      <h1 className="text-3xl font-bold">Checkout</h1>
      <p className="mt-2 text-muted">
        <Link to="/cart" className="text-primary underline">
          Back to cart
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
          fieldErrors={checkout.errors}
          formProps={checkout.formProps}
          fulfilment={fulfilment}
        />
        {/* On phones the summary comes before Place Order; on wide screens it sits beside. */}
        <div className="space-y-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <OrderSummary totals={totals}>
            <ul className="mt-4 space-y-3 border-t border-line pt-4 text-sm">
              {items.map((i) => (
                <li key={i.id} className="flex items-start gap-3">
                  <ItemThumbnail picture={i.picture} className="h-12 w-15" />
                  <span className="flex-1">
                    <span className="font-semibold">
                      {i.productName} × {i.quantity}
                    </span>
                    {i.roomLabel ? (
                      <span className="block text-muted">Room: {i.roomLabel}</span>
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
            <TextsConsent checked={isTicked(checkout.values.textReminders)} />
          ) : null}
          <PlaceOrderButton totalCents={totals.totalCents} submitting={submitting} />
        </div>
      </div>
    </div>
  );
}
