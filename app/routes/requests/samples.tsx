/**
 * /samples: up to 5 free color or fabric samples, mailed within the service area. The choices come from the catalog.
 */
import { useState } from "react";
import { Form, Link } from "react-router";
import { SAMPLE_ITEMS_MAX, sampleValue } from "../../../domain/requests/request-fields";
import {
  sampleRequestFromForm,
  sampleRequestSchema,
} from "../../../domain/requests/samples-schema";
import {
  AddressFields,
  EmailField,
  ErrorSummary,
  FieldError,
  Honeypot,
  RequestSent,
  TextField,
} from "../../components/requests/form-parts";
import { InfoHeader } from "../../components/storefront/info/info-layout";
import { topLevelField } from "../../lib/forms";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { requestFormAction } from "../../lib/request-forms.server";
import { useRequestForm } from "../../lib/use-request-form";
import { useRootData } from "../../root";
import type { Route } from "./+types/samples";

const LABELS = {
  name: "Name",
  email: "Email",
  address: "Street address",
  city: "City",
  zipCode: "ZIP code",
  items: "Your selection",
};

export async function loader({ context }: Route.LoaderArgs) {
  const options = await context.services.samples.options();
  const groups: { productType: string; productName: string; options: typeof options }[] = [];
  for (const o of options) {
    let group = groups.find((g) => g.productType === o.productType);
    if (!group) {
      group = { productType: o.productType, productName: o.productName, options: [] };
      groups.push(group);
    }
    group.options.push(o);
  }
  return { groups };
}

export async function action({ request, context }: Route.ActionArgs) {
  return requestFormAction({
    request,
    context,
    labels: LABELS,
    fromForm: sampleRequestFromForm,
    schema: sampleRequestSchema,
    keep: (form) => ({
      sample: form.getAll("sample").filter((v): v is string => typeof v === "string"),
    }),
    submit: async (input) => {
      const { reference } = await context.services.samples.submit(input, context.clientAddress);
      return { ok: true as const, reference, name: input.name, count: input.items.length };
    },
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Free Samples",
    description:
      "Order up to 5 free color and fabric samples of our blinds, shutters and zebra shades, mailed free in Lee County, FL.",
    path: "/samples",
    root: rootFromMatches(matches),
  });
}

export default function Samples({ loaderData, actionData }: Route.ComponentProps) {
  const { business } = useRootData();
  const { submitting, sent, errors, values, formProps, successRef, summary } = useRequestForm(
    actionData,
    "/samples",
    {
      id: "samples-form",
      // The checkboxes become the API's items, checked exactly as the action checks them.
      schema: () =>
        import("../../../domain/requests/samples-schema").then((m) => ({
          schema: m.sampleRequestSchema,
          fromForm: m.sampleRequestFromForm,
        })),
      labels: LABELS,
      rename: topLevelField,
    },
  );
  const chosenBefore = Array.isArray(values.sample) ? values.sample : [];
  const [chosen, setChosen] = useState<string[]>(chosenBefore);

  const toggle = (value: string, on: boolean) =>
    setChosen((c) => (on ? [...c, value] : c.filter((x) => x !== value)));
  const full = chosen.length >= SAMPLE_ITEMS_MAX;

  return (
    <>
      <InfoHeader
        title="Free Samples"
        intro={
          <p>
            See and feel the colors and fabrics at home, in your own light. Choose up to{" "}
            {SAMPLE_ITEMS_MAX} samples: we mail them free within {business.county}, or bring them to
            your measurement visit.
          </p>
        }
      />
      <div className="container-page py-10">
        {sent ? (
          <RequestSent
            id="samples-sent"
            headingRef={successRef}
            heading={
              <>
                Thank you, {sent.name}! Your {sent.count} sample{sent.count === 1 ? "" : "s"} are on
                the way.
              </>
            }
            actions={
              <>
                <Link to="/" className="btn-primary">
                  Browse products
                </Link>
                <Link to="/estimate" className="btn-secondary">
                  Request a free in-home estimate
                </Link>
              </>
            }
          >
            <p className="mt-3 text-muted">
              Your request is <strong>{sent.reference}</strong>. We've emailed you a confirmation;
              questions? Call {business.phone}.
            </p>
          </RequestSent>
        ) : (
          <Form {...formProps} method="post" action="/samples" className="grid gap-8">
            <ErrorSummary
              {...summary}
              title="Your request was not sent. Please check these fields:"
            />
            {/* Its own box: the sticky column stays out of the error summary's way. */}
            <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
              <fieldset
                id="items"
                tabIndex={-1}
                aria-describedby={`items-hint${errors.items ? " items-error" : ""}`}
              >
                <legend className="text-xl font-bold">
                  Choose up to {SAMPLE_ITEMS_MAX} samples
                </legend>
                <p id="items-hint" className="mt-1 text-sm text-muted" aria-live="polite">
                  {chosen.length} of {SAMPLE_ITEMS_MAX} chosen
                </p>
                <FieldError errors={errors} name="items" />
                {loaderData.groups.map((g) => (
                  <fieldset key={g.productType} className="mt-5">
                    <legend className="font-semibold">{g.productName}</legend>
                    <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
                      {g.options.map((o) => {
                        const value = sampleValue(o.productType, o.color);
                        const checked = chosen.includes(value);
                        return (
                          <label
                            key={value}
                            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-border px-3 py-2 has-checked:border-primary has-checked:bg-primary-light"
                          >
                            <input
                              type="checkbox"
                              name="sample"
                              value={value}
                              checked={checked}
                              disabled={full && !checked}
                              onChange={(e) => toggle(value, e.currentTarget.checked)}
                              className="h-6 w-6 accent-primary"
                            />
                            <span
                              aria-hidden="true"
                              className="h-6 w-6 shrink-0 rounded-full border border-border"
                              style={{ backgroundColor: o.hex }}
                            />
                            <span>{o.colorName}</span>
                          </label>
                        );
                      })}
                    </div>
                  </fieldset>
                ))}
              </fieldset>
              {/* Beside a long list of colours: the address and the button stay in sight. */}
              <div className="lg:sticky lg:top-28 lg:self-start">
                <h2 className="text-xl font-bold">Where should we mail them?</h2>
                <p className="mt-1 text-sm text-muted">Fields marked * are required.</p>
                <div className="mt-4 grid gap-4">
                  <TextField
                    name="name"
                    label="Name"
                    required
                    autoComplete="name"
                    maxLength={120}
                    values={values}
                    errors={errors}
                  />
                  <EmailField values={values} errors={errors} />
                  <AddressFields
                    values={values}
                    errors={errors}
                    zipHint={`We mail samples within ${business.county}.`}
                  />
                </div>
                <Honeypot />
                <button
                  type="submit"
                  className="btn-primary mt-6 w-full sm:w-auto"
                  disabled={submitting}
                >
                  {submitting ? "Sending..." : "Send My Free Samples"}
                </button>
              </div>
            </div>
          </Form>
        )}
      </div>
    </>
  );
}
