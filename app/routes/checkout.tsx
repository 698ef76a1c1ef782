/**
 * Checkout (SPEC.md §2, §4, §5; DECISIONS.md "Checkout extras"). The form posts to this
 * route's action, which places the order with the same service as POST /api/orders; with
 * JavaScript the post goes through React Router without a reload. An empty cart → /cart.
 */
import { useEffect } from "react";
import { data, Link, redirect, useNavigation } from "react-router";
import { totalsToWire } from "../../domain/cart-totals";
import { hasMissingRequiredField, MISSING_INFORMATION } from "../../domain/checkout-fields";
import { orderSubmissionFromForm, orderSubmissionSchema } from "../../domain/checkout-schema";
import { formatMoney } from "../../domain/money";
import { appErrorOf } from "../components/cart/action-result";
import { CheckoutForm } from "../components/cart/checkout-form";
import { OrderSummary } from "../components/cart/order-summary";
import { useToast } from "../components/toast";
import { pageMeta, rootFromMatches } from "../lib/meta";
import type { Route } from "./+types/checkout";

const ORDER_FAILED = {
  title: "Order Failed",
  description: "There was an error processing your order. Please try again or contact support.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { cart } = context.services;
  const view = await cart.read(cart.sessionFromRequest(request));
  if (view.items.length === 0) throw redirect("/cart");
  return data(
    {
      items: view.items.map((i) => ({
        id: i.id,
        productName: i.productName,
        details: i.details,
        roomLabel: i.roomLabel,
        quantity: i.quantity,
        lineTotalCents: i.lineTotalCents,
      })),
      totals: view.totals,
      wireTotals: totalsToWire(view.totals),
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

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientAddress } = context;
  const form = await request.formData();
  const raw = orderSubmissionFromForm(form);
  const customer = raw.customerInfo as Record<string, unknown>;
  const values: Values = {};
  for (const [k, v] of Object.entries(customer)) if (typeof v === "string") values[k] = v;

  if (hasMissingRequiredField(customer)) {
    return failure(
      400,
      "missing_information",
      MISSING_INFORMATION.title,
      MISSING_INFORMATION.description,
      values,
    );
  }
  const parsed = orderSubmissionSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[issue.path.length - 1] ?? "");
      fieldErrors[field] ??= issue.message;
    }
    return failure(
      400,
      "validation_failed",
      "Please Check Your Details",
      Object.values(fieldErrors).join(". "),
      values,
      fieldErrors,
    );
  }
  try {
    const { order } = await services.orders.placeOrder({
      sessionId: services.cart.sessionFromRequest(request),
      submission: parsed.data,
      clientKey: clientAddress,
    });
    return redirect(`/order-confirmation?ref=${encodeURIComponent(order.reference)}&placed=1`);
  } catch (error) {
    const known = appErrorOf(error);
    if (known?.code === "outside_service_area") {
      return failure(422, known.code, "Outside Our Service Area", known.message, values, {
        zipCode: known.message,
      });
    }
    if (known?.code === "totals_mismatch") {
      return failure(409, known.code, "Prices Updated", known.message, values);
    }
    if (known && known.status < 500) {
      return failure(known.status, known.code, ORDER_FAILED.title, known.message, values);
    }
    services.logger.error("checkout failed", { error });
    return failure(500, "internal", ORDER_FAILED.title, ORDER_FAILED.description, values);
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
  }, [failureData, toast]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const fields = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
    if (hasMissingRequiredField(fields)) {
      event.preventDefault();
      toast({ ...MISSING_INFORMATION, variant: "destructive" });
    }
  }

  const { items, totals, wireTotals } = loaderData;
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
          totalCents={totals.totalCents}
          values={values}
          fieldErrors={fieldErrors}
          submitting={submitting}
          onSubmit={onSubmit}
        />
        <div className="space-y-4">
          <OrderSummary totals={totals}>
            <ul className="mt-4 space-y-3 border-t border-line pt-4 text-sm">
              {items.map((i) => (
                <li key={i.id} className="flex justify-between gap-3">
                  <span>
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
        </div>
      </div>
    </div>
  );
}
