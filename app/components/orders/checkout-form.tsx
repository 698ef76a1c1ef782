/**
 * The checkout form: contact, installation address (state FL),
 * visit window, special instructions, the no-payment panel and Place Order. A plain form that
 * posts to the checkout action (conform checks the fields first in the browser, decision 185);
 * the totals the shopper sees travel in hidden fields.
 */
import type { FormEvent } from "react";
import { Form } from "react-router";
import { VISIT_WINDOW_LABELS, VISIT_WINDOWS } from "../../../domain/orders/checkout-fields";
import { type Fulfilment, fulfilmentWay, nextSteps } from "../../../domain/orders/fulfilment";
import { formatMoney } from "../../../domain/shared/money";
import type { WireTotals } from "../../../domain/storefront/cart-totals";
import { fieldA11y } from "../../lib/forms";
import { useRootData } from "../../lib/root-data";
import { FieldMessage, TextField } from "./checkout-fields";

export const CHECKOUT_FORM_ID = "checkout-form";

export function CheckoutForm({
  wireTotals,
  values,
  fieldErrors,
  formProps,
  fulfilment,
}: {
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
  return (
    <Form
      {...formProps}
      method="post"
      noValidate
      className="space-y-6 lg:col-start-1"
      aria-label="Checkout"
    >
      {Object.entries(wireTotals).map(([k, v]) => (
        <input key={k} type="hidden" name={`totals.${k}`} value={v.toFixed(2)} />
      ))}
      <section role="group" aria-labelledby="contact-heading" className="card space-y-4">
        <h2 id="contact-heading" className="text-xl font-bold">
          Contact Information
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="firstName"
            label="First Name"
            autoComplete="given-name"
            defaultValue={value("firstName")}
            error={fieldErrors.firstName}
          />
          <TextField
            name="lastName"
            label="Last Name"
            autoComplete="family-name"
            defaultValue={value("lastName")}
            error={fieldErrors.lastName}
          />
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            defaultValue={value("email")}
            error={fieldErrors.email}
          />
          <TextField
            name="phone"
            label="Phone"
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
          {installed ? "Installation Address" : "Delivery Address"}
        </h2>
        <TextField
          name="address"
          label="Street Address"
          autoComplete="address-line1"
          defaultValue={value("address")}
          error={fieldErrors.address}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            name="city"
            label="City"
            autoComplete="address-level2"
            defaultValue={value("city")}
            error={fieldErrors.city}
          />
          <div>
            <label htmlFor="checkout-state" className="field-label">
              State
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
            label="ZIP Code"
            autoComplete="postal-code"
            inputMode="numeric"
            defaultValue={value("zipCode")}
            error={fieldErrors.zipCode}
          />
        </div>
        <p className="text-sm text-muted">
          We {installed ? "install" : "deliver"} in {business.county}.
        </p>
        <div>
          <label htmlFor="checkout-visitWindow" className="field-label">
            {installed ? "Preferred time for the measurement visit" : "Preferred time for delivery"}{" "}
            <span className="font-normal text-muted">(optional)</span>
          </label>
          <select
            id="checkout-visitWindow"
            name="visitWindow"
            defaultValue={value("visitWindow") ?? ""}
            className="field"
            {...fieldA11y(fieldErrors, "visitWindow", "checkout-visitWindow")}
          >
            <option value="">No preference</option>
            {VISIT_WINDOWS.map((w) => (
              <option key={w} value={w}>
                {VISIT_WINDOW_LABELS[w]}
              </option>
            ))}
          </select>
          <FieldMessage id="checkout-visitWindow" error={fieldErrors.visitWindow} />
        </div>
        <div>
          <label htmlFor="checkout-specialInstructions" className="field-label">
            Special Instructions <span className="font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id="checkout-specialInstructions"
            name="specialInstructions"
            rows={3}
            maxLength={1000}
            defaultValue={value("specialInstructions") ?? ""}
            className="field"
            placeholder="Gate code, parking, pets, best way to reach you…"
            {...fieldA11y(fieldErrors, "specialInstructions", "checkout-specialInstructions")}
          />
          <FieldMessage id="checkout-specialInstructions" error={fieldErrors.specialInstructions} />
        </div>
      </section>
      <section aria-labelledby="no-payment-heading" className="card border-success bg-white">
        <h2 id="no-payment-heading" className="text-xl font-bold text-success">
          No Payment Required Today
        </h2>
        <p className="mt-2 text-sm">{fulfilmentWay(fulfilment)}</p>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
          {nextSteps(fulfilment, business)
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
}: {
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
        {submitting ? "Processing..." : `Place Order · ${formatMoney(totalCents)}`}
      </button>
    </div>
  );
}
