/**
 * /admin/catalog (owner): products, colors, zebra collections and fabrics, installation
 * prices and the track rate. Every form previews typical sizes' prices
 * before saving; a save applies at once to pages, quotes and carts, never to placed orders.
 */
import { useLoaderData } from "react-router";
import { AdminError } from "../../../components/admin/admin-error";
import { actorOf, noStoreHeaders, requireAdmin } from "../../../components/admin/admin-route";
import { supplierAction } from "../../../components/purchasing/supplier-action.server";
import { SupplierSection } from "../../../components/purchasing/supplier-forms";
import {
  AddColorForm,
  CollectionForm,
  ColorForm,
  InstallationForm,
  ServiceForm,
} from "../../../components/storefront/catalog/catalog-forms";
import { ProductForm } from "../../../components/storefront/catalog/catalog-product-form";
import { loadOrThrow } from "../../../lib/admin-route.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/catalog";
import { catalogAction, catalogEditorData } from "./catalog.server";

export const meta = () => adminMeta("Catalog");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "routes/admin/storefront/catalog.tsx");
  return loadOrThrow(context, async () => ({
    ...(await catalogEditorData(context)),
    suppliers: await context.services.suppliers.list(),
    productSuppliers: Object.fromEntries(await context.services.suppliers.productSuppliers()),
  }));
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(
    await requireAdmin(request, context, "routes/admin/storefront/catalog.tsx"),
  );
  // Suppliers are purchasing's forms; the rest is the catalog's.
  return (await supplierAction(request, context, actor)) ?? catalogAction(request, context, actor);
}

export default function AdminCatalog() {
  const catalog = useLoaderData<typeof loader>();
  const zebra = catalog.products.find((p) => p.type === "zebra-shades");
  const vinyl = catalog.products.find((p) => p.type === "vinyl");
  return (
    <div className="container-page space-y-10 py-8">
      <header>
        <h1 className="text-3xl font-bold">Catalog and prices</h1>
        <p className="mt-2 text-muted">
          A saved change shows at once on the store's pages, in quotes and in open carts (checkout
          then asks the shopper to confirm the new total). Placed orders keep their prices. Every
          change goes into the audit log.
        </p>
      </header>

      <section aria-labelledby="products-title" className="space-y-4">
        <h2 id="products-title" className="text-2xl font-semibold">
          Products
        </h2>
        {catalog.products.map((p) => (
          <ProductForm key={p.id} product={p} colors={catalog.colors} />
        ))}
      </section>

      <SupplierSection
        suppliers={catalog.suppliers}
        products={catalog.products}
        productSuppliers={catalog.productSuppliers}
      />

      <section aria-labelledby="zebra-title" className="space-y-4">
        <h2 id="zebra-title" className="text-2xl font-semibold">
          Zebra collections and fabrics
        </h2>
        <div className="grid gap-4 lg:grid-cols-2">
          {catalog.zebraCollections.map((c) => (
            <CollectionForm key={c.slug} collection={c} zebra={zebra} />
          ))}
        </div>
      </section>

      <section aria-labelledby="installation-title" className="space-y-4">
        <h2 id="installation-title" className="text-2xl font-semibold">
          Installation
        </h2>
        <InstallationForm prices={catalog.installationPrices} vinyl={vinyl} />
      </section>

      <section aria-labelledby="services-title" className="space-y-4">
        <h2 id="services-title" className="text-2xl font-semibold">
          Track replacement
        </h2>
        {catalog.services.map((s) => (
          <ServiceForm key={s.id} service={s} />
        ))}
      </section>

      <section aria-labelledby="colors-title" className="space-y-4">
        <h2 id="colors-title" className="text-2xl font-semibold">
          Colors
        </h2>
        <ul className="grid gap-3 lg:grid-cols-2">
          {catalog.colors.map((c) => (
            <li key={c.key}>
              <ColorForm color={c} />
            </li>
          ))}
        </ul>
        <h3 className="text-lg font-semibold">Add a color</h3>
        <AddColorForm />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the catalog" />;
}
