/**
 * One product of /admin/catalog: name, description, rate, minimum, colours offered, on sale;
 * with the price of typical sizes before and after, computed as the store will.
 */
import { PREVIEW_SIZES } from "../../../../domain/storefront/catalog-admin-schema";
import { calculateBlindsPrice } from "../../../../domain/storefront/pricing";
import { CatalogField, SaveWithAnswer, useAmountField, useCatalogForm } from "./catalog-fields";
import { ProductPhotos } from "./catalog-photos";
import { PricePreview, previewRows } from "./catalog-preview";
import type { CatalogColor, CatalogProduct } from "./catalog-types";

function blindsCents(
  { rateCents, minimumCents }: { rateCents: number; minimumCents: number },
  width: number,
  height: number,
): number {
  const rates = { rateCentsPerSqFt: rateCents, minimumCents, installationTiers: [] };
  return calculateBlindsPrice(rates, width, height, false).blindsCents;
}

/**
 * The product's colors in its own order, then the others: the form posts the checked boxes in
 * this order, so saving keeps the order shoppers see (the first color is the default).
 */
function offeredFirst(offered: readonly string[], colors: CatalogColor[]): CatalogColor[] {
  const byKey = new Map(colors.map((c) => [c.key, c]));
  const first = offered.flatMap((key) => byKey.get(key) ?? []);
  return [...first, ...colors.filter((c) => !offered.includes(c.key))];
}

export function ProductForm({
  product,
  colors,
}: {
  product: CatalogProduct;
  colors: CatalogColor[];
}) {
  const form = useCatalogForm("product");
  const rate = useAmountField(product.ratePerSqFt, 0.01);
  const minimum = useAmountField(product.minimumPrice);
  const zebra = product.type === "zebra-shades";
  const headingId = `product-${product.id}-title`;
  const colorsError = form.fieldError("colors");
  return (
    <section aria-labelledby={headingId} className="card">
      <h3 id={headingId} className="text-lg font-semibold">
        {product.name}
        {product.active ? null : <span className="ml-2 text-sm text-danger">(withdrawn)</span>}
      </h3>
      <form.fetcher.Form
        {...form.formProps}
        method="post"
        className="mt-3 grid gap-4 lg:grid-cols-2"
      >
        <input type="hidden" name="intent" value="product" />
        <input type="hidden" name="id" value={product.id} />
        <div className="space-y-3">
          <CatalogField
            label="Name"
            name="name"
            defaultValue={product.name}
            maxLength={80}
            required
            error={form.fieldError("name")}
          />
          <div>
            <label htmlFor={`product-${product.id}-description`} className="field-label">
              Description
            </label>
            <textarea
              id={`product-${product.id}-description`}
              name="description"
              defaultValue={product.description}
              rows={3}
              maxLength={1000}
              required
              aria-invalid={form.fieldError("description") ? true : undefined}
              className="field"
            />
            {form.fieldError("description") ? (
              <p className="mt-1 text-sm font-medium text-danger">
                {form.fieldError("description")}
              </p>
            ) : null}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <CatalogField
              label={zebra ? "Base rate per sq ft" : "Rate per sq ft"}
              name="ratePerSqFt"
              kind="money"
              {...rate.field}
              required
              error={form.fieldError("ratePerSqFt")}
            />
            <CatalogField
              label="Minimum price"
              name="minimumPrice"
              kind="money"
              {...minimum.field}
              required
              error={form.fieldError("minimumPrice")}
            />
          </div>
          {zebra ? (
            <p className="text-sm text-muted">
              Zebra shades are offered in the fabrics below, not in colors.
            </p>
          ) : (
            <fieldset
              aria-describedby={colorsError ? `product-${product.id}-colors-error` : undefined}
            >
              <legend className="field-label">Colors offered</legend>
              <input type="hidden" name="offersColors" value="1" />
              <ul className="grid grid-cols-2 gap-x-3 sm:grid-cols-3">
                {offeredFirst(product.colors, colors).map((c) => (
                  <li key={c.key}>
                    <label className="flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        name="colors"
                        value={c.key}
                        defaultChecked={product.colors.includes(c.key)}
                        className="size-5"
                      />
                      <span
                        aria-hidden="true"
                        className="inline-block size-4 rounded-full border border-line"
                        style={{ backgroundColor: c.hex }}
                      />
                      {c.name}
                    </label>
                  </li>
                ))}
              </ul>
              {colorsError ? (
                <p
                  id={`product-${product.id}-colors-error`}
                  className="mt-1 text-sm font-medium text-danger"
                >
                  {colorsError}
                </p>
              ) : null}
            </fieldset>
          )}
          <label className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              name="active"
              defaultChecked={product.active}
              className="size-5"
            />
            On sale (unchecked: the product leaves the store; carts holding it must remove it)
          </label>
        </div>
        <div className="space-y-3">
          <PricePreview
            caption={`${zebra ? "Base price (Melrose, cordless)" : "Price"} without installation`}
            rows={previewRows(
              PREVIEW_SIZES,
              { rateCents: rate.savedCents, minimumCents: minimum.savedCents },
              rate.typedCents === null || minimum.typedCents === null
                ? null
                : { rateCents: rate.typedCents, minimumCents: minimum.typedCents },
              blindsCents,
            )}
          />
          <SaveWithAnswer form={form} label={`Save ${product.name}`} />
        </div>
      </form.fetcher.Form>
      <ProductPhotos productId={product.id} productName={product.name} photos={product.photos} />
    </section>
  );
}
