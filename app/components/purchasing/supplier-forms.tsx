/**
 * /admin/catalog's suppliers: who makes each product, and the suppliers
 * themselves (name, order email, phone, our account number, lead days).
 */

import { type ReactNode, useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import type { z } from "zod";
import { productSupplierSchema, supplierCreateSchema } from "../../../domain/purchasing/purchasing";
import {
  PURCHASING_FORM_LABELS,
  productSupplierFromForm,
  supplierCreateFromForm,
} from "../../../domain/purchasing/purchasing-form";
import type { SupplierView } from "../../../server/services/purchasing/suppliers";
import { type FormErrors, fieldA11y, useSchemaForm } from "../../lib/forms";
import { ActionMessage } from "../admin/action-message";
import type { ActionResult } from "../admin/admin-route";
import { LabelledField } from "../admin/labelled-field";
import { FieldMessage } from "../field-message";

/**
 * A form posted by its own fetcher and checked with the API's schema: errors at
 * their fields, the answer's sentence beside it (like the catalog's forms).
 */
function FetcherForm({
  id,
  label,
  className,
  schema,
  fromForm,
  resetOnSuccess = false,
  children,
}: {
  id: string;
  /** Empty the form once it is saved (the answer stays beside it). */
  resetOnSuccess?: boolean;
  label: string;
  className: string;
  schema: z.ZodType<Record<string, unknown>>;
  fromForm: (form: FormData) => unknown;
  children: (checked: {
    errors: FormErrors;
    typed: (name: string) => string | undefined;
  }) => ReactNode;
}) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.data;
  const failure = result && !result.ok ? result : null;
  const { errors, typed, formProps } = useSchemaForm({
    id,
    schema,
    fromForm,
    failure,
    labels: PURCHASING_FORM_LABELS,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (resetOnSuccess && result?.ok) formRef.current?.reset();
  }, [resetOnSuccess, result]);
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      className={className}
      aria-label={label}
      {...formProps}
    >
      {children({ errors, typed })}
      <ActionMessage result={result} className="w-full font-medium sm:col-span-2" />
    </fetcher.Form>
  );
}

/** A text field of "Add a supplier", its error under it. */
function SupplierInput({
  name,
  label,
  errors,
  typed,
  ...input
}: {
  name: string;
  label: string;
  errors: FormErrors;
  typed: (name: string) => string | undefined;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `supplier-${name}`;
  return (
    <LabelledField id={id} label={label} error={errors[name]}>
      <input
        id={id}
        name={name}
        className="field"
        {...input}
        defaultValue={typed(name) ?? input.defaultValue}
        {...fieldA11y(errors, name, id)}
      />
    </LabelledField>
  );
}

export function SupplierSection({
  suppliers,
  products,
  productSuppliers,
}: {
  suppliers: SupplierView[];
  products: { id: number; name: string }[];
  productSuppliers: Record<number, number | null>;
}) {
  return (
    <section aria-labelledby="suppliers-title" className="space-y-4">
      <h2 id="suppliers-title" className="text-2xl font-semibold">
        Suppliers
      </h2>
      {suppliers.length ? (
        <ul className="grid gap-3 lg:grid-cols-2">
          {suppliers.map((s) => (
            <li key={s.id} className="card text-sm">
              <p className="font-semibold">{s.name}</p>
              <p className="break-all">
                {s.email}
                {s.phone ? ` · ${s.phone}` : ""}
              </p>
              <p className="text-muted">
                {s.accountNumber ? `Account ${s.accountNumber} · ` : ""}ships in {s.leadDays} days
              </p>
              <Link
                to={`/admin/suppliers/${s.id}`}
                className="inline-flex min-h-11 items-center text-primary underline"
              >
                Price grid<span className="sr-only"> of {s.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">No suppliers yet: add the fabricators you order from.</p>
      )}
      <FetcherForm
        resetOnSuccess
        id="supplier-add-form"
        className="card grid gap-3 sm:grid-cols-2"
        label="Add a supplier"
        schema={supplierCreateSchema}
        fromForm={supplierCreateFromForm}
      >
        {(checked) => (
          <>
            <input type="hidden" name="intent" value="supplier-add" />
            <SupplierInput name="name" label="Name" required maxLength={120} {...checked} />
            <SupplierInput name="email" label="Order email" type="email" required {...checked} />
            <SupplierInput
              name="phone"
              label="Phone (optional)"
              type="tel"
              maxLength={40}
              {...checked}
            />
            <SupplierInput
              name="accountNumber"
              label="Our account number (optional)"
              maxLength={60}
              {...checked}
            />
            <SupplierInput
              name="leadDays"
              label="Lead time (days)"
              type="number"
              min={0}
              max={365}
              required
              defaultValue={14}
              {...checked}
            />
            <div className="flex items-end">
              <button type="submit" className="btn-primary">
                Add the supplier
              </button>
            </div>
          </>
        )}
      </FetcherForm>
      {suppliers.length ? (
        <ul className="grid gap-3 lg:grid-cols-2">
          {products.map((p) => (
            <li key={p.id}>
              <FetcherForm
                id={`product-supplier-form-${p.id}`}
                className="card flex flex-wrap items-end gap-3"
                label={`Supplier of ${p.name}`}
                schema={productSupplierSchema}
                fromForm={productSupplierFromForm}
              >
                {({ errors }) => (
                  <>
                    <input type="hidden" name="intent" value="product-supplier" />
                    <input type="hidden" name="productId" value={p.id} />
                    <div className="min-w-0 flex-1">
                      <label htmlFor={`product-supplier-${p.id}`} className="field-label">
                        {p.name}: made by
                      </label>
                      <select
                        id={`product-supplier-${p.id}`}
                        name="supplierId"
                        defaultValue={productSuppliers[p.id] ?? ""}
                        className="field"
                        {...fieldA11y(errors, "supplierId", `product-supplier-${p.id}`)}
                      >
                        <option value="">Not chosen</option>
                        {suppliers.map((s) => (
                          <option key={s.id} value={s.id}>
                            {s.name}
                          </option>
                        ))}
                      </select>
                      <FieldMessage id={`product-supplier-${p.id}`} error={errors.supplierId} />
                    </div>
                    <button type="submit" className="btn-secondary">
                      Save supplier
                    </button>
                  </>
                )}
              </FetcherForm>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
