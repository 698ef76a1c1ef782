/**
 * /projects/TOKEN: a shopper's saved project (decision 523). The windows with their price when
 * saved and today's, "Add all to cart" (every window or none) and "Email me this link". Private:
 * never stored by a cache, not indexed, the token masked in the logs.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { formatMoney } from "../../../domain/shared/money";
import { itemPicture } from "../../../domain/storefront/item-picture";
import { projectEmailSchema } from "../../../domain/storefront/project-schema";
import { isSecureRequest } from "../../../server/middleware/security";
import { cartSessionCookie, cartSessionOf } from "../../../server/sessions";
import { EmailInput } from "../../components/email-input";
import { ItemThumbnail } from "../../components/item-thumbnail";
import { actionError } from "../../lib/action-errors.server";
import { readForm } from "../../lib/form-input.server";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import type { Route } from "./+types/project";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export function headers() {
  return PRIVATE;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { projects, catalog } = context.services;
  let project: Awaited<ReturnType<typeof projects.get>>;
  try {
    project = await projects.get(params.token);
  } catch {
    throw data("Project not found", { status: 404, headers: PRIVATE });
  }
  const names = await catalog.pricing();
  return data(
    {
      name: project.name,
      items: project.items.map((i) => ({
        id: i.id,
        productName: i.productName,
        details: i.details,
        roomLabel: i.roomLabel,
        quantity: i.quantity,
        savedPriceCents: i.savedPriceCents,
        todayPriceCents: i.todayPriceCents,
        priceChanged: i.priceChanged,
        picture: itemPicture(i, names),
      })),
    },
    { headers: PRIVATE },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { projects, config } = context.services;
  let form: FormData;
  try {
    form = await readForm(request);
  } catch (error) {
    return actionError(error, context, (a) => ({ result: null, sent: null, addError: a.message }));
  }
  if (form.get("intent") === "add-to-cart") {
    try {
      const view = await projects.addToCart(
        params.token,
        cartSessionOf(request),
        context.clientAddress,
      );
      const secure = isSecureRequest(request, config.trustProxy);
      return redirect("/cart", {
        headers: { "Set-Cookie": cartSessionCookie(view.sessionId, secure) },
      });
    } catch (error) {
      return actionError(error, context, (a) => ({
        result: null,
        sent: null,
        addError: a.message,
      }));
    }
  }
  const submission = parseWithZod(form, { schema: projectEmailSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply(), sent: null, addError: null },
      { status: 400, headers: PRIVATE },
    );
  }
  try {
    await projects.email(params.token, submission.value.email);
    return data(
      {
        result: submission.reply({ resetForm: true }),
        sent: submission.value.email,
        addError: null,
      },
      { status: 202, headers: PRIVATE },
    );
  } catch (error) {
    return actionError(error, context, (a) => ({
      result: submission.reply({ formErrors: [a.message] }),
      sent: null,
      addError: null,
    }));
  }
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData ? `Saved project: ${loaderData.name}` : "Saved project",
    description: "Your saved windows with today's prices.",
    path: "/projects",
    root: rootFromMatches(matches),
    noIndex: true,
  });
}

function PriceCell({ item }: { item: Route.ComponentProps["loaderData"]["items"][number] }) {
  if (item.todayPriceCents === null) {
    return <p className="w-full font-semibold text-danger sm:w-auto">No longer sold as saved</p>;
  }
  return (
    <div className="w-full border-t border-line pt-2 sm:w-auto sm:border-0 sm:pt-0 sm:text-right">
      <p className="font-semibold">{formatMoney(item.todayPriceCents * item.quantity)}</p>
      {item.priceChanged ? (
        <p className="text-sm text-accent">
          Was {formatMoney(item.savedPriceCents * item.quantity)} when saved
        </p>
      ) : (
        <p className="text-sm text-muted">Same as when saved</p>
      )}
    </div>
  );
}

function EmailLinkForm({ actionData }: { actionData: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "email";
  const [form, fields] = useForm<{ email: string }>({
    id: "project-email",
    lastResult: actionData?.result ?? undefined,
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      {form.errors?.length ? (
        <p role="alert" className="rounded-md border border-danger bg-red-50 p-3 text-danger">
          {form.errors[0]}
        </p>
      ) : null}
      {actionData?.sent ? (
        <p role="status" className="rounded-md bg-primary-light p-3 break-all text-primary-dark">
          We sent the link to {actionData.sent}.
        </p>
      ) : null}
      <EmailInput field={fields.email} label="Email me this link" />
      <input type="hidden" name="intent" value="email" />
      <button type="submit" className="btn-secondary w-full" disabled={sending}>
        {sending ? "Sending…" : "Send the link"}
      </button>
    </Form>
  );
}

export default function ProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { name, items } = loaderData;
  const todayCents = items.reduce((sum, i) => sum + (i.todayPriceCents ?? 0) * i.quantity, 0);
  const changed = items.filter((i) => i.priceChanged).length;
  const adding = useNavigation().formData?.get("intent") === "add-to-cart";
  const addError = actionData?.addError ?? null;
  return (
    <div className="container-page py-8 sm:py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Saved project</p>
      <h1 className="mt-1 text-3xl font-bold break-words">{name}</h1>
      <p className="mt-2 text-muted">
        {items.length} {items.length === 1 ? "window" : "windows"} ·{" "}
        {changed === 0
          ? "every price is the same as when you saved it"
          : `${changed} ${changed === 1 ? "price has" : "prices have"} changed since you saved it`}
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-label="Saved windows" className="min-w-0">
          <ul className="space-y-4">
            {items.map((item) => (
              <li key={item.id} className="card flex flex-wrap gap-4">
                <ItemThumbnail picture={item.picture} />
                <div className="min-w-0 flex-1 basis-40">
                  <h2 className="font-semibold">{item.productName}</h2>
                  {item.roomLabel ? (
                    <p className="text-sm font-medium text-primary">{item.roomLabel}</p>
                  ) : null}
                  <ul className="mt-1 text-sm text-muted">
                    {item.details.map((d) => (
                      <li key={d}>{d}</li>
                    ))}
                  </ul>
                  <p className="mt-1 text-sm">Quantity {item.quantity}</p>
                </div>
                <PriceCell item={item} />
              </li>
            ))}
          </ul>
        </section>
        <div className="min-w-0 space-y-4">
          <section aria-labelledby="project-total" className="card space-y-4">
            <h2 id="project-total" className="flex justify-between text-lg font-semibold">
              <span>Today's price</span>
              <span>{formatMoney(todayCents)}</span>
            </h2>
            <p className="text-sm text-muted">
              Before tax. Nothing is ordered until you check out.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="add-to-cart" />
              <button type="submit" className="btn-primary w-full" disabled={adding}>
                {adding ? "Adding…" : "Add all to cart"}
              </button>
            </Form>
            {addError ? (
              <p role="alert" className="text-sm font-semibold text-danger">
                {addError}
              </p>
            ) : null}
          </section>
          <section aria-label="Share" className="card">
            <EmailLinkForm actionData={actionData} />
            <p className="mt-3 text-sm text-muted">
              Or copy this page's address: anyone with it can open the project.
            </p>
          </section>
        </div>
      </div>
    </div>
  );
}
