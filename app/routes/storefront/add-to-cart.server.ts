/**
 * The configurator pages' action: Add to Cart without JavaScript. The posted form
 * becomes the cart item POST /api/cart takes (domain/cart-form.ts), the cart service validates
 * and prices it, and the browser is sent to the cart with the cart cookie set. With `replace`
 * (the cart line's Edit) the old line is swapped for the new one in one transaction.
 * Problems come back as the page's action data, keyed by field.
 */
import { type AppLoadContext, data, redirect } from "react-router";
import type { CartFormResult, FormValues } from "../../../domain/storefront/cart-form";
import { cartItemInputSchema } from "../../../domain/storefront/cart-schema";
import { isSecureRequest } from "../../../server/middleware/security";
import { cartSessionCookie, cartSessionOf } from "../../../server/sessions";
import { actionError } from "../../lib/action-errors.server";
import { parseInput, readForm } from "../../lib/form-input.server";

export interface AddToCartFailure {
  ok: false;
  values: FormValues;
  fieldErrors: Record<string, string>;
  formError: string | null;
}

export async function addToCartAction(
  request: Request,
  context: AppLoadContext,
  build: (values: FormValues) => CartFormResult,
) {
  const values: FormValues = {};
  try {
    const form = await readForm(request);
    for (const [k, v] of form) if (typeof v === "string") values[k] = v;
    const built = build(values);
    if (!built.ok) {
      return data<AddToCartFailure>(
        { ok: false, values, fieldErrors: built.fieldErrors, formError: null },
        { status: 400 },
      );
    }
    const { cart, config } = context.services;
    const input = parseInput(cartItemInputSchema, built.item);
    const session = cartSessionOf(request);
    const replace = Number(values.replace);
    const view =
      Number.isInteger(replace) && replace > 0
        ? await cart.replaceItem(session, replace, input)
        : await cart.addItem(session, input, context.clientAddress);
    const secure = isSecureRequest(request, config.trustProxy);
    throw redirect("/cart", {
      headers: { "Set-Cookie": cartSessionCookie(view.sessionId, secure) },
    });
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = (message: string): AddToCartFailure => ({
      ok: false,
      values,
      fieldErrors: {},
      formError: message,
    });
    return actionError<AddToCartFailure>(error, context, (a) => failure(a.message));
  }
}
