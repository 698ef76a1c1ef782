/**
 * /admin/catalog's suppliers (decision 222): who makes each product, and the suppliers
 * themselves (name, order email, phone, our account number, lead days).
 */
import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import type { SupplierView } from "../../../server/services/purchasing/suppliers";

/** A form posted by its own fetcher, with its answer beside it (like the catalog's forms). */
function FetcherForm({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: ReactNode;
}) {
  const fetcher = useFetcher<{ ok: boolean; message?: string; error?: string }>();
  const result = fetcher.data;
  return (
    <fetcher.Form method="post" className={className} aria-label={label}>
      {children}
      {result ? (
        <p role={result.ok ? "status" : "alert"} className="w-full font-medium sm:col-span-2">
          {result.ok ? result.message : result.error}
        </p>
      ) : null}
    </fetcher.Form>
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
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">No suppliers yet: add the fabricators you order from.</p>
      )}
      <FetcherForm className="card grid gap-3 sm:grid-cols-2" label="Add a supplier">
        <input type="hidden" name="intent" value="supplier-add" />
        <div>
          <label htmlFor="supplier-name" className="field-label">
            Name
          </label>
          <input id="supplier-name" name="name" required maxLength={120} className="field" />
        </div>
        <div>
          <label htmlFor="supplier-email" className="field-label">
            Order email
          </label>
          <input id="supplier-email" name="email" type="email" required className="field" />
        </div>
        <div>
          <label htmlFor="supplier-phone" className="field-label">
            Phone (optional)
          </label>
          <input id="supplier-phone" name="phone" type="tel" maxLength={40} className="field" />
        </div>
        <div>
          <label htmlFor="supplier-account" className="field-label">
            Our account number (optional)
          </label>
          <input id="supplier-account" name="accountNumber" maxLength={60} className="field" />
        </div>
        <div>
          <label htmlFor="supplier-lead" className="field-label">
            Lead time (days)
          </label>
          <input
            id="supplier-lead"
            name="leadDays"
            type="number"
            min={0}
            max={365}
            required
            defaultValue={14}
            className="field"
          />
        </div>
        <div className="flex items-end">
          <button type="submit" className="btn-primary">
            Add the supplier
          </button>
        </div>
      </FetcherForm>
      {suppliers.length ? (
        <ul className="grid gap-3 lg:grid-cols-2">
          {products.map((p) => (
            <li key={p.id}>
              <FetcherForm
                className="card flex flex-wrap items-end gap-3"
                label={`Supplier of ${p.name}`}
              >
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
                  >
                    <option value="">Not chosen</option>
                    {suppliers.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className="btn-secondary">
                  Save supplier
                </button>
              </FetcherForm>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
