/**
 * The checkout form: contact, installation address (state FL),
 * visit window, special instructions, the no-payment panel and Place Order. A plain form that
 * posts to the checkout action (conform checks the fields first in the browser, decision 185);
 * the totals the shopper sees travel in hidden fields.
 */
import type { FormEvent } from "react";
import { Form } from "react-router";
import { VISIT_WINDOWS } from "../../../domain/orders/checkout-fields";
import type { Fulfilment } from "../../../domain/orders/fulfilment";
import { formatMoney } from "../../../domain/shared/money";
import type { WireTotals } from "../../../domain/storefront/cart-totals";
import { fieldA11y } from "../../lib/forms";
import { useRootData } from "../../lib/root-data";
import { FieldMessage, TextField } from "./checkout-fields";
import { fulfilmentWayIn, nextStepsIn, type OrdersT } from "./order-words";

export const CHECKOUT_FORM_ID = "checkout-form";

export function CheckoutForm({
  wireTotals,
  values,
  fieldErrors,
  formProps,
  fulfilment,
  t,
}: {
  t: OrdersT;
  wireTotals: WireTotals;
  values: Record<string, string | string[]>;
  fieldErrors: Record<string, string>;
  /** conform's form id, submit check and noValidate (app/lib/forms.ts). */
  formProps: { id: string; onSubmit: (event: FormEvent<HTMLFormElement>) => void };
  fulfilment: Fulfilment;
}) {
  const value = (name: string) => {
    const v = values[name];
    return typeof v === "string" ? v : undefined;
  };
  const { business } = useRootData();
  const installed = fulfilment === "installed";
  const optional = t("checkout.optional");
  return (
    <Form
      {...formProps}
      method="post"
      noValidate
      className="space-y-6 lg:col-start-1"
      aria-label={t("checkout.formLabel")}
    >
      {Object.entries(wireTotals).map(([k, v]) => (
        <input key={k} type="hidden" name={`totals.${k}`} value={v.toFixed(2)} />
      ))}
      <section role="group" aria-labelledby="contact-heading" className="card space-y-4">
        <h2 id="contact-heading" className="text-xl font-bold">
          {t("checkout.contact")}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="firstName"
            label={t("checkout.firstName")}
            autoComplete="given-name"
            defaultValue={value("firstName")}
            error={fieldErrors.firstName}
          />
          <TextField
            name="lastName"
            label={t("checkout.lastName")}
            autoComplete="family-name"
            defaultValue={value("lastName")}
            error={fieldErrors.lastName}
          />
          <TextField
            name="email"
            label={t("checkout.email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            defaultValue={value("email")}
            error={fieldErrors.email}
          />
          <TextField
            name="phone"
            label={t("checkout.phone")}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            defaultValue={value("phone")}
            error={fieldErrors.phone}
          />
        </div>
      </section>
      <section role="group" aria-labelledby="address-heading" className="card space-y-4">
        <h2 id="address-heading" className="text-xl font-bold">
          {installed ? t("checkout.address.installed") : t("checkout.address.delivered")}
        </h2>
        <TextField
          name="address"
          label={t("checkout.street")}
          autoComplete="address-line1"
          defaultValue={value("address")}
          error={fieldErrors.address}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            name="city"
            label={t("checkout.city")}
            autoComplete="address-level2"
            defaultValue={value("city")}
            error={fieldErrors.city}
          />
          <div>
            <label htmlFor="checkout-state" className="field-label">
              {t("checkout.state")}
            </label>
            <input
              id="checkout-state"
              value="FL"
              readOnly
              aria-readonly="true"
              // Nothing to type here: no tab stop.
              tabIndex={-1}
              className="field bg-surface"
            />
          </div>
          <TextField
            name="zipCode"
            label={t("checkout.zip")}
            autoComplete="postal-code"
            inputMode="numeric"
            defaultValue={value("zipCode")}
            error={fieldErrors.zipCode}
          />
        </div>
        <p className="text-sm text-muted">
          {installed
            ? t("checkout.area.installed", { county: business.county })
            : t("checkout.area.delivered", { county: business.county })}
        </p>
        <div>
          <label htmlFor="checkout-visitWindow" className="field-label">
            {installed ? t("checkout.window.installed") : t("checkout.window.delivered")}{" "}
            <span className="font-normal text-muted">{optional}</span>
          </label>
          <select
            id="checkout-visitWindow"
            name="visitWindow"
            defaultValue={value("visitWindow") ?? ""}
            className="field"
            {...fieldA11y(fieldErrors, "visitWindow", "checkout-visitWindow")}
          >
            <option value="">{t("checkout.window.none")}</option>
            {VISIT_WINDOWS.map((w) => (
              <option key={w} value={w}>
                {t(`checkout.window.${w}`)}
              </option>
            ))}
          </select>
          <FieldMessage id="checkout-visitWindow" error={fieldErrors.visitWindow} />
        </div>
        <div>
          <label htmlFor="checkout-specialInstructions" className="field-label">
            {t("checkout.instructions")} <span className="font-normal text-muted">{optional}</span>
          </label>
          <textarea
            id="checkout-specialInstructions"
            name="specialInstructions"
            rows={3}
            maxLength={1000}
            defaultValue={value("specialInstructions") ?? ""}
            className="field"
            placeholder={t("checkout.instructionsPlaceholder")}
            {...fieldA11y(fieldErrors, "specialInstructions", "checkout-specialInstructions")}
          />
          <FieldMessage id="checkout-specialInstructions" error={fieldErrors.specialInstructions} />
        </div>
      </section>
      <section aria-labelledby="no-payment-heading" className="card border-success bg-white">
        <h2 id="no-payment-heading" className="text-xl font-bold text-success">
          {t("checkout.noPayment")}
        </h2>
        <p className="mt-2 text-sm">{fulfilmentWayIn(t, fulfilment)}</p>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
          {nextStepsIn(t, fulfilment, business)
            .slice(1)
            .map((step) => (
              <li key={step.title}>{step.text}</li>
            ))}
        </ol>
      </section>
    </Form>
  );
}

/** Place Order, outside the form's box (form attribute) so phones show the summary first. */
export function PlaceOrderButton({
  totalCents,
  submitting,
  t,
}: {
  t: OrdersT;
  totalCents: number;
  submitting: boolean;
}) {
  return (
    <div className="lg:col-start-1">
      <button
        type="submit"
        form={CHECKOUT_FORM_ID}
        className="btn-primary w-full text-lg"
        disabled={submitting}
      >
        {submitting
          ? t("checkout.processing")
          : t("checkout.place", { total: formatMoney(totalCents) })}
      </button>
    </div>
  );
}
