/**
 * /product/{type}: gallery, size, colour, installation, live price and Add to Cart
 *. The price is computed here, in the browser, by the
 * shared engine from the pricing parameters the loader reads from the catalog.
 */
import { data, Link, redirect } from "react-router";
import { centsToDecimalString } from "../../../domain/shared/money";
import { type FormValues, productCartItemFromForm } from "../../../domain/storefront/cart-form";
import { isProductType } from "../../../domain/storefront/catalog";
import { blindsRates, findPricingProduct } from "../../../domain/storefront/pricing";
import { productContent, warrantyLine } from "../../../domain/storefront/product-content";
import { RequestLinks } from "../../components/request-links";
import { ProductConfigurator } from "../../components/storefront/configurator/product-configurator";
import { ProductDetails } from "../../components/storefront/configurator/product-details";
import { ProductNotFound } from "../../components/storefront/configurator/product-not-found";
import { pageMeta, productImages, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/product";
import { addToCartAction } from "./add-to-cart.server";
import { editValuesFromUrl } from "./edit-values";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const type = params.productType;
  // Zebra shades have their own configurator and pricing.
  if (type === "zebra-shades") throw redirect("/zebra-shades", 301);
  const ctx = await context.services.catalog.pricing();
  const product = isProductType(type) ? findPricingProduct(ctx, { type }) : undefined;
  if (!product || !isProductType(product.type)) {
    // A product we make but the owner has withdrawn says so; an unknown type is not found.
    const withdrawn = isProductType(type)
      ? await context.services.catalogAdmin.withdrawnProductName(type)
      : null;
    return data({ product: null, withdrawn }, { status: 404 });
  }
  const [catalogProduct, photos] = await Promise.all([
    context.services.catalog.findProductById(product.id),
    context.services.catalog.productPhotos(product.id),
  ]);
  const colors = [...product.colors];
  return {
    withdrawn: null,
    // The cart line's Edit link carries the item's choices.
    initial: editValuesFromUrl(request.url),
    product: {
      id: product.id,
      type: product.type,
      name: product.name,
      description: catalogProduct?.description ?? "",
      pricing: blindsRates(ctx, product),
      colors,
      photos,
    },
  };
}

/** Add to Cart without JavaScript, and the cart line's Edit. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = await context.services.catalog.pricing();
  const type = params.productType;
  const product = isProductType(type) ? findPricingProduct(ctx, { type }) : undefined;
  return addToCartAction(request, context, (values) =>
    product
      ? productCartItemFromForm(values, { id: product.id, type: product.type })
      : { ok: false, fieldErrors: {} },
  );
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const product = loaderData?.product;
  if (!product) {
    return pageMeta({
      title: loaderData?.withdrawn ? "No Longer Available" : "Product Not Found",
      description: loaderData?.withdrawn
        ? `${loaderData.withdrawn} are no longer available.`
        : "We couldn't find that product.",
      path: location.pathname,
      root,
      noIndex: true,
    });
  }
  const path = `/product/${product.type}`;
  return pageMeta({
    title: `Custom ${product.name}`,
    description: `${product.description} Instant price online from ${centsToDecimalString(product.pricing.minimumCents)} USD; optional professional installation in Lee County, Florida.`,
    path,
    root,
    breadcrumb: [
      { name: "Products", path: "/#products" },
      { name: product.name, path },
    ],
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.name,
        description: product.description,
        image: productImages(root?.publicUrl ?? "", product.type),
        category: "Window coverings",
        brand: root ? { "@type": "Brand", name: root.business.name } : undefined,
        offers: {
          "@type": "Offer",
          price: centsToDecimalString(product.pricing.minimumCents),
          priceCurrency: "USD",
          availability: "https://schema.org/InStock",
          url: `${root?.publicUrl ?? ""}${path}`,
        },
      },
    ],
  });
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { business } = useRootData();
  const product = loaderData.product;
  if (!product) return <ProductNotFound withdrawn={loaderData.withdrawn} />;
  const content = productContent(product.type, business);
  return (
    <div className="container-page py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <ol className="flex flex-wrap items-center gap-2 text-muted">
          <li>
            <Link to="/" className="inline-flex min-h-11 items-center underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/#products" className="inline-flex min-h-11 items-center underline">
              Products
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="text-ink">
            {product.name}
          </li>
        </ol>
      </nav>
      <ProductConfigurator
        key={product.type}
        initial={
          (actionData && !actionData.ok ? actionData.values : loaderData.initial) as FormValues
        }
        fieldErrors={actionData && !actionData.ok ? actionData.fieldErrors : undefined}
        formError={actionData && !actionData.ok ? actionData.formError : undefined}
        product={product}
        warranty={warrantyLine(product.type, business)}
        delivery={business.delivery}
        freeShippingOverCents={business.freeShippingOverCents}
      />
      <RequestLinks className="mt-8" />
      <ProductDetails name={product.name} content={content} />
    </div>
  );
}
