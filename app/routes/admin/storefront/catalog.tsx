/**
 * /admin/catalog (owner): products, suppliers, zebra collections and fabrics, installation
 * prices, the track rate and colors, one at a time (`?show=product-vinyl`, the side list picks
 * another; the first product by default). Every form previews typical sizes' prices beside its
 * fields before saving; a save applies at once to pages, quotes and carts, never to placed
 * orders.
 */
import { useEffect, useRef } from "react";
import { Link, useLoaderData, useSearchParams } from "react-router";
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

type CatalogData = ReturnType<typeof useLoaderData<typeof loader>>;

interface CatalogView {
  /** `?show=` names it. */
  key: string;
  label: string;
  group: "Products" | "Purchasing" | "Zebra collections" | "Prices" | "Colors";
  withdrawn?: boolean;
}

/** What the catalog holds, one view at a time (the Shopify admin way), in the side list's order. */
function catalogViews(catalog: CatalogData): CatalogView[] {
  return [
    ...catalog.products.map((p) => ({
      key: `product-${p.type}`,
      label: p.name,
      group: "Products" as const,
      withdrawn: !p.active,
    })),
    { key: "suppliers", label: "Suppliers", group: "Purchasing" },
    ...catalog.zebraCollections.map((c) => ({
      key: `collection-${c.slug}`,
      label: c.name,
      group: "Zebra collections" as const,
    })),
    { key: "installation", label: "Installation", group: "Prices" },
    { key: "track", label: "Track replacement", group: "Prices" },
    { key: "colors", label: "Colors", group: "Colors" },
  ];
}

/**
 * The side list at 1280 px; on a phone one row that scrolls sideways (the chosen view scrolled
 * into it), so the editor starts on the first screen.
 */
function CatalogNav({ views, current }: { views: CatalogView[]; current: string }) {
  const groups = [...new Set(views.map((v) => v.group))];
  const chosen = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    chosen.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, []);
  return (
    <nav
      aria-label="Catalog sections"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 lg:mx-0 lg:block lg:space-y-4 lg:overflow-visible lg:px-0"
    >
      {groups.map((group) => (
        <div key={group} className="contents lg:block">
          <p className="hidden text-xs font-semibold tracking-wide text-muted uppercase lg:block">
            {group}
          </p>
          <ul className="contents lg:mt-1 lg:block lg:space-y-1">
            {views
              .filter((v) => v.group === group)
              .map((v) => (
                <li key={v.key} className="shrink-0">
                  <Link
                    ref={v.key === current ? chosen : undefined}
                    to={`?show=${v.key}`}
                    aria-current={v.key === current ? "page" : undefined}
                    preventScrollReset
                    className={`flex min-h-11 items-center rounded-md border px-3 whitespace-nowrap lg:border-transparent lg:whitespace-normal ${
                      v.key === current
                        ? "border-primary bg-primary text-white"
                        : "border-line bg-white hover:bg-primary-light lg:bg-transparent"
                    }`}
                  >
                    {v.label}
                    {v.withdrawn ? <span className="ml-1 text-sm">(withdrawn)</span> : null}
                  </Link>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** A view's section, named by its heading (the e2e and screen readers find it by that name). */
function ViewSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="catalog-view-title" className="space-y-4">
      <h2 id="catalog-view-title" className="text-2xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function CatalogEditor({ catalog, show }: { catalog: CatalogData; show: string }) {
  const zebra = catalog.products.find((p) => p.type === "zebra-shades");
  const vinyl = catalog.products.find((p) => p.type === "vinyl");
  const product = catalog.products.find((p) => `product-${p.type}` === show);
  if (product) {
    return (
      <ViewSection title="Products">
        <ProductForm product={product} colors={catalog.colors} />
      </ViewSection>
    );
  }
  const collection = catalog.zebraCollections.find((c) => `collection-${c.slug}` === show);
  if (collection) {
    return (
      <ViewSection title="Zebra collections and fabrics">
        <CollectionForm collection={collection} zebra={zebra} />
      </ViewSection>
    );
  }
  if (show === "suppliers") {
    return (
      <SupplierSection
        suppliers={catalog.suppliers}
        products={catalog.products}
        productSuppliers={catalog.productSuppliers}
      />
    );
  }
  if (show === "installation") {
    return (
      <ViewSection title="Installation">
        <InstallationForm prices={catalog.installationPrices} vinyl={vinyl} />
      </ViewSection>
    );
  }
  if (show === "track") {
    return (
      <ViewSection title="Track replacement">
        {catalog.services.map((s) => (
          <ServiceForm key={s.id} service={s} />
        ))}
      </ViewSection>
    );
  }
  return (
    <ViewSection title="Colors">
      <ul className="grid gap-3 xl:grid-cols-2">
        {catalog.colors.map((c) => (
          <li key={c.key}>
            <ColorForm color={c} />
          </li>
        ))}
      </ul>
      <h3 className="text-lg font-semibold">Add a color</h3>
      <AddColorForm />
    </ViewSection>
  );
}

export default function AdminCatalog() {
  const catalog = useLoaderData<typeof loader>();
  const views = catalogViews(catalog);
  const asked = useSearchParams()[0].get("show");
  const current = views.find((v) => v.key === asked) ?? views[0];
  const show = current?.key ?? "colors";
  return (
    <div className="container-page py-8">
      <header className="border-b border-line pb-4">
        <h1 className="text-3xl font-bold">Catalog and prices</h1>
        <p className="mt-2 max-w-3xl text-sm text-muted">
          A saved change shows at once on the store's pages, in quotes and in open carts (checkout
          then asks the shopper to confirm the new total). Placed orders keep their prices. Every
          change goes into the audit log.
        </p>
      </header>
      <div className="mt-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <CatalogNav views={views} current={show} />
        <div className="mt-6 lg:mt-0">
          {/* Keyed by the view: another product's form starts from its own saved values. */}
          <CatalogEditor key={show} catalog={catalog} show={show} />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the catalog" />;
}
