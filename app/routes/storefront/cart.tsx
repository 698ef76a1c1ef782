/**
 * The cart page. The cart comes from the cart cookie; quantity and
 * remove forms post to this route's action, which calls the same cart service as /api/cart.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import cartWords from "../../../domain/i18n/compiled/en/cart.js";
import ordersWords from "../../../domain/i18n/compiled/en/orders.js";
import { languageOfPath, localizedPath } from "../../../domain/i18n/paths";
import { fulfilmentOf } from "../../../domain/orders/fulfilment";
import { phoneHref } from "../../../domain/shared/business";
import { cartEditHref } from "../../../domain/storefront/cart-edit";
import { cartQuantityUpdateSchema, quantityFromForm } from "../../../domain/storefront/cart-schema";
import { projectFromCartSchema } from "../../../domain/storefront/project-schema";
import { cartSessionOf } from "../../../server/sessions";
import { OrderSummary } from "../../components/orders/order-summary";
import { paymentLineIn } from "../../components/orders/order-words";
import { type ActionFailure, itemIdFromForm } from "../../components/storefront/cart/action-result";
import { CartItemRow } from "../../components/storefront/cart/cart-item-row";
import { SaveProjectForm } from "../../components/storefront/cart/save-project-form";
import { actionError } from "../../lib/action-errors.server";
import { cartLineOf } from "../../lib/cart-lines.server";
import { AppError, parseInput, readForm } from "../../lib/form-input.server";
import { translator, useLocalized, useT } from "../../lib/i18n";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/cart";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { cart, catalog } = context.services;
  const [view, names] = await Promise.all([cart.read(cartSessionOf(request)), catalog.pricing()]);
  return data(
    {
      items: view.items.map((i) => ({
        ...cartLineOf(i, names),
        unitPriceCents: i.unitPriceCents,
        available: i.available,
        editHref: cartEditHref(i),
      })),
      totals: view.totals,
      fulfilment: fulfilmentOf(view.items),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { cart } = context.services;
  try {
    const form = await readForm(request);
    const session = cartSessionOf(request);
    if (form.get("intent") === "save-project") {
      return await saveProject(form, session, context, request);
    }
    const itemId = itemIdFromForm(form.get("itemId"));
    if (itemId === null) throw new AppError("not_found", "Cart item not found.");
    if (form.get("intent") === "remove") {
      await cart.removeItem(session, itemId);
    } else {
      const { quantity } = parseInput(cartQuantityUpdateSchema, {
        quantity: quantityFromForm(form.get("quantity")),
      });
      await cart.updateQuantity(session, itemId, quantity);
    }
    return { ok: true as const };
  } catch (error) {
    return actionError<ActionFailure>(error, context, (a) => ({
      ok: false,
      error: { code: a.code, message: a.message },
    }));
  }
}

/** "Save as a project": the cart's windows under a name, then the project's own page. */
async function saveProject(
  form: FormData,
  session: string | null,
  context: Route.ActionArgs["context"],
  request: Request,
) {
  const submission = parseWithZod(form, { schema: projectFromCartSchema });
  if (submission.status !== "success") {
    return data({ project: submission.reply() }, { status: 400 });
  }
  try {
    const { token } = await context.services.projects.createFromCart(session, submission.value);
    const language = languageOfPath(new URL(request.url).pathname);
    return redirect(localizedPath(`/projects/${token}`, language));
  } catch (error) {
    return actionError(error, context, (a) => ({
      project: submission.reply({ formErrors: [a.message] }),
    }));
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  const language = languageOfPath(location.pathname);
  const t = translator(language, "cart", cartWords);
  return pageMeta({
    title: t("meta.title"),
    description: t("meta.description"),
    path: "/cart",
    root: rootFromMatches(matches),
    noIndex: true,
    language,
  });
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { items, totals } = loaderData;
  const t = useT("cart", cartWords);
  const tOrders = useT("orders", ordersWords);
  const localized = useLocalized();

  if (items.length === 0) {
    return (
      <div className="container-page py-16 text-center">
        <h1 className="text-3xl font-bold">{t("empty.title")}</h1>
        <p className="mt-4 text-muted">{t("empty.text")}</p>
        <Link to={localized("/#products")} className="btn-primary mt-8">
          {t("page.continueShopping")}
        </Link>
      </div>
    );
  }

  const blocked = items.some((i) => !i.available);
  return (
    <div className="container-page py-8 sm:py-12">
      <h1 className="text-3xl font-bold">{t("page.title")}</h1>
      <p className="mt-2 text-muted">{t("page.count", { count: items.length })}</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-label={t("page.itemsLabel")}>
          <ul className="space-y-4">
            {items.map((item) => (
              <CartItemRow key={item.id} item={item} t={t} />
            ))}
          </ul>
          <Link to={localized("/#products")} className="btn-secondary mt-6">
            {t("page.continueShopping")}
          </Link>
        </section>
        <div className="space-y-4">
          <OrderSummary totals={totals} t={tOrders}>
            {blocked ? (
              <p className="mt-4 text-sm font-semibold text-danger">{t("page.blocked")}</p>
            ) : (
              <Link to={localized("/checkout")} className="btn-primary mt-4 w-full">
                {t("page.proceed")}
              </Link>
            )}
            <p className="mt-3 text-center text-sm text-muted">
              {paymentLineIn(tOrders, loaderData.fulfilment)}
            </p>
          </OrderSummary>
          <SaveProjectForm
            lastResult={actionData && "project" in actionData ? actionData.project : undefined}
            t={t}
          />
          <section aria-labelledby="cart-help" className="card">
            <h2 id="cart-help" className="font-semibold">
              {t("help.title")}
            </h2>
            <p className="mt-1 text-sm text-muted">
              {t("help.callUs")}{" "}
              <a href={phoneHref(business.phone)} className="font-semibold text-primary underline">
                {business.phone}
              </a>{" "}
              {t("help.or")}{" "}
              <Link to={localized("/contact")} className="font-semibold text-primary underline">
                {t("help.message")}
              </Link>
              .
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}
