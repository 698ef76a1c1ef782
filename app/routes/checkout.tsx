/**
 * Checkout (SPEC.md §2, §4, §5; DECISIONS.md "Checkout extras"). The form posts to this
 * route's action, which places the order with the same service as POST /api/orders; with
 * JavaScript the post goes through React Router without a reload. An empty cart, or one
 * holding an item no longer sold, → /cart.
 */
import { useEffect } from "react";
import { data, Link, redirect, useNavigation } from "react-router";
import { totalsToWire } from "../../domain/cart-totals";
import { MISSING_INFORMATION } from "../../domain/checkout-fields";
import { orderSubmissionFromForm, orderSubmissionSchema } from "../../domain/checkout-schema";
import { checkoutProblems } from "../../domain/checkout-validation";
import { fulfilmentOf } from "../../domain/fulfilment";
import { itemPicture } from "../../domain/item-picture";
import { formatMoney } from "../../domain/money";
import { cartSessionOf } from "../../server/sessions";
import { CheckoutForm, PlaceOrderButton } from "../components/cart/checkout-form";
import { OrderSummary } from "../components/cart/order-summary";
import { FitPromise } from "../components/fit-promise";
import { ItemThumbnail } from "../components/item-thumbnail";
import { useToast } from "../components/toast";
import { actionError } from "../lib/action-errors.server";
import { readForm } from "../lib/form-input.server";
import { pageMeta, rootFromMatches } from "../lib/meta";
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
      items: view.items.map((i) => ({
        id: i.id,
        productName: i.productName,
        details: i.details,
        roomLabel: i.roomLabel,
        quantity: i.quantity,
        lineTotalCents: i.lineTotalCents,
        picture: itemPicture(i, names),
      })),
      totals: view.totals,
      wireTotals: totalsToWire(view.totals),
      fulfilment: fulfilmentOf(view.items),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Values = Record<string, string>;
interface CheckoutFailure {
  error: { code: string; title: string; message: string };
  fieldErrors: Record<string, string>;
  values: Values;
}

function failure(
  status: number,
  code: string,
  title: string,
  message: string,
  values: Values,
  fieldErrors: Record<string, string> = {},
) {
  return data<CheckoutFailure>(
    { error: { code, title, message }, fieldErrors, values },
    { status },
  );
}

const FAILURE_TITLES: Record<string, string> = {
  outside_service_area: "Outside Our Service Area",
  totals_mismatch: "Prices Updated",
  validation_failed: "Please Check Your Details",
  unsupported_media_type: "Please Check Your Details",
  bad_request: "Please Check Your Details",
};

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  const values: Values = {};
  try {
    const raw = orderSubmissionFromForm(await readForm(request));
    const customer = raw.customerInfo as Record<string, unknown>;
    for (const [k, v] of Object.entries(customer)) if (typeof v === "string") values[k] = v;

    // Every field's problem at once, the ZIP's service area among them (issue 13 item 8).
    const problems = checkoutProblems(customer, services.business);
    const invalid = Object.keys(problems.fieldErrors);
    if (invalid.length > 0) {
      const outsideOnly =
        !problems.missing &&
        invalid.length === 1 &&
        invalid[0] === "zipCode" &&
        !/^\s*$/.test(values.zipCode ?? "") &&
        (problems.fieldErrors.zipCode ?? "").includes(services.business.phone);
      const [code, title, message] = problems.missing
        ? ["missing_information", MISSING_INFORMATION.title, MISSING_INFORMATION.description]
        : outsideOnly
          ? [
              "outside_service_area",
              FAILURE_TITLES.outside_service_area ?? "",
              problems.fieldErrors.zipCode ?? "",
            ]
          : [
              "validation_failed",
              "Please Check Your Details",
              `Please correct the ${invalid.length === 1 ? "marked field" : `${invalid.length} marked fields`}.`,
            ];
      return failure(outsideOnly ? 422 : 400, code, title, message, values, problems.fieldErrors);
    }
    const parsed = orderSubmissionSchema.safeParse(raw);
    if (!parsed.success) {
      return failure(
        400,
        "validation_failed",
        "Please Check Your Details",
        "Please reload the page and try again.",
        values,
      );
    }
    const { order } = await services.orders.placeOrder({
      sessionId: cartSessionOf(request),
      submission: parsed.data,
      clientKey: clientAddress,
    });
    return redirect(`/order-confirmation?ref=${encodeURIComponent(order.reference)}&placed=1`);
  } catch (error) {
    return actionError<CheckoutFailure>(error, context, (a) => ({
      error: {
        code: a.code,
        title: FAILURE_TITLES[a.code] ?? ORDER_FAILED.title,
        message: a.message,
      },
      fieldErrors: (a.code === "outside_service_area" ? { zipCode: a.message } : {}) as Record<
        string,
        string
      >,
      values,
    }));
  }
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

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const toast = useToast();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const failureData = actionData as CheckoutFailure | undefined;
  const values = failureData?.values ?? {};
  const fieldErrors = failureData?.fieldErrors ?? {};

  useEffect(() => {
    if (!failureData) return;
    toast({
      title: failureData.error.title,
      description:
        failureData.error.code === "internal"
          ? ORDER_FAILED.description
          : failureData.error.message,
      variant: "destructive",
    });
    // Focus the first field the answer marks (they come in the form's order).
    const first = Object.keys(failureData.fieldErrors)[0];
    if (first) document.getElementById(`checkout-${first}`)?.focus();
  }, [failureData, toast]);

  const { items, totals, wireTotals, fulfilment } = loaderData;
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <p className="mt-2 text-muted">
        <Link to="/cart" className="text-primary underline">
          Back to cart
        </Link>
      </p>
      {failureData ? (
        <div role="alert" className="mt-6 rounded-md border border-danger bg-white p-4 text-danger">
          <p className="font-semibold">{failureData.error.title}</p>
          <p className="mt-1 text-sm">
            {failureData.error.code === "internal"
              ? ORDER_FAILED.description
              : failureData.error.message}
          </p>
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <CheckoutForm
          wireTotals={wireTotals}
          values={values}
          fieldErrors={fieldErrors}
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
        <PlaceOrderButton totalCents={totals.totalCents} submitting={submitting} />
      </div>
    </div>
  );
}
