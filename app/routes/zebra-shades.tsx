/**
 * /zebra-shades: the tabbed zebra configurator (SPEC.md §2, §3, §9). Base rate, minimum and
 * collection upcharges come from the catalog; the price is computed here by the shared engine.
 */
import { useMemo, useRef, useState } from "react";
import { data } from "react-router";
import { NO_LONGER_AVAILABLE } from "../../domain/catalog";
import { formatFromPrice, productFromCents } from "../../domain/from-price";
import { centsToDecimalString } from "../../domain/money";
import { calculateZebraPrice, zebraPriceInput, zebraRates } from "../../domain/pricing";
import { soldZebraCollections, ZEBRA_DEFAULTS, zebraLightControl } from "../../domain/zebra";
import { AddToCartButton } from "../components/configurator/add-to-cart-button";
import { NoscriptNote } from "../components/configurator/noscript-note";
import { StickyAddBar } from "../components/configurator/sticky-add-bar";
import { Tabs } from "../components/configurator/tabs";
import { useAddToCart } from "../components/configurator/use-add-to-cart";
import {
  ControlPanel,
  FabricPanel,
  OptionsPanel,
  SizePanel,
  type ZebraDraft,
} from "../components/configurator/zebra-panels";
import { ZebraSummary } from "../components/configurator/zebra-summary";
import { FitPromise } from "../components/fit-promise";
import { ProductPicture } from "../components/product-picture";
import { RequestLinks } from "../components/request-links";
import { pageMeta, rootFromMatches } from "../lib/meta";
import type { Route } from "./+types/zebra-shades";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const [ctx, product, collections] = await Promise.all([
    catalog.pricing(),
    catalog.findProductByType("zebra-shades"),
    catalog.listZebraCollections(),
  ]);
  if (!product) throw data(NO_LONGER_AVAILABLE("Zebra shades"), { status: 404 });
  return {
    product: {
      id: product.id,
      name: product.name,
      description: product.description,
      pricing: zebraRates(ctx, product),
    },
    // Only the fabrics still sold; a collection whose fabrics are all withdrawn is not offered.
    collections: soldZebraCollections(collections)
      .filter((c) => c.fabrics.length > 0)
      .map((c) => ({ ...c, lightControl: zebraLightControl(c.slug) })),
  };
}

/** The defaults, or the first fabric still sold when the default fabric was withdrawn. */
function initialDraft(
  collections: readonly { slug: string; fabrics: readonly { slug: string }[] }[],
): ZebraDraft {
  const fallback = collections[0];
  const defaultSold = collections
    .find((c) => c.slug === ZEBRA_DEFAULTS.fabricCollection)
    ?.fabrics.some((f) => f.slug === ZEBRA_DEFAULTS.fabric);
  if (defaultSold || !fallback) return { ...ZEBRA_DEFAULTS };
  return {
    ...ZEBRA_DEFAULTS,
    fabricCollection: fallback.slug,
    fabric: fallback.fabrics[0]?.slug ?? "",
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const minimum = loaderData ? centsToDecimalString(loaderData.product.pricing.minimumCents) : "";
  return pageMeta({
    title: "Custom Zebra Shades: Design Yours",
    description: `Configure custom zebra shades: size to the 1/8 inch, four fabric collections, cordless, cord loop or motorized. Instant price from ${minimum} USD.`,
    path: "/zebra-shades",
    root,
    jsonLd: loaderData
      ? [
          {
            "@context": "https://schema.org",
            "@type": "Product",
            name: loaderData.product.name,
            description: loaderData.product.description,
            offers: {
              "@type": "Offer",
              price: minimum,
              priceCurrency: "USD",
              availability: "https://schema.org/InStock",
              url: `${root?.publicUrl ?? ""}/zebra-shades`,
            },
          },
        ]
      : [],
  });
}

export default function ZebraShades({ loaderData }: Route.ComponentProps) {
  const { product, collections } = loaderData;
  const [draft, setDraft] = useState<ZebraDraft>(() => initialDraft(collections));
  const [roomLabel, setRoomLabel] = useState("");
  const { adding, add } = useAddToCart();
  const summaryRef = useRef<HTMLDivElement>(null);
  const update = (change: Partial<ZebraDraft>) => setDraft((d) => ({ ...d, ...change }));

  const collection = collections.find((c) => c.slug === draft.fabricCollection);
  const fabric = collection?.fabrics.find((f) => f.slug === draft.fabric);
  const price = useMemo(() => {
    if (draft.width === null || draft.height === null || !fabric) return null;
    return calculateZebraPrice(
      product.pricing,
      zebraPriceInput({ ...draft, width: draft.width, height: draft.height }),
    );
  }, [draft, fabric, product.pricing]);
  const exactWidth = (draft.width ?? ZEBRA_DEFAULTS.width) + draft.widthFraction;
  const exactHeight = (draft.height ?? ZEBRA_DEFAULTS.height) + draft.heightFraction;

  async function onAdd() {
    if (!price || !fabric || draft.width === null || draft.height === null) return;
    await add(
      {
        productId: product.id,
        productName: product.name,
        width: Math.round(exactWidth),
        height: Math.round(exactHeight),
        selectedColor: fabric.name,
        includeInstallation: draft.includeInstallation,
        quantity: 1,
        calculatedPrice: centsToDecimalString(price.totalCents),
        roomLabel: roomLabel.trim() || null,
        configuration: {
          ...draft,
          motorOptions: { ...draft.motorOptions, remote: true },
        },
      },
      { title: "Added to Cart", description: "Your custom zebra shade has been added to cart" },
    );
  }

  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">Custom Zebra Shades</h1>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-2xl font-semibold" data-testid="from-price">
          {formatFromPrice(productFromCents("zebra-shades", product.pricing))}
        </span>
        <span className="text-sm font-medium text-primary">Custom pricing available</span>
      </p>
      <p className="mt-3 max-w-2xl text-muted">{product.description}</p>
      <NoscriptNote />
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <Tabs
          label="Zebra shade options"
          tabs={[
            { id: "size", label: "Size", content: <SizePanel draft={draft} update={update} /> },
            {
              id: "fabric",
              label: "Fabric",
              content: <FabricPanel draft={draft} update={update} collections={collections} />,
            },
            {
              id: "control",
              label: "Control",
              content: <ControlPanel draft={draft} update={update} rates={product.pricing} />,
            },
            {
              id: "options",
              label: "Options",
              content: (
                <OptionsPanel
                  draft={draft}
                  update={update}
                  roomLabel={roomLabel}
                  onRoomLabel={setRoomLabel}
                  rates={product.pricing}
                />
              ),
            },
          ]}
        />
        <div className="space-y-4 self-start lg:sticky lg:top-20">
          <ProductPicture
            type="zebra-shades"
            color={fabric?.hex}
            aspect={exactWidth / exactHeight}
            label={`Preview: zebra shade in ${collection?.name ?? ""} ${fabric?.name ?? ""}`}
            className="aspect-[5/4] w-full rounded-xl border border-line"
          />
          <div ref={summaryRef} className="space-y-4">
            <ZebraSummary draft={draft} collection={collection} price={price} />
            <AddToCartButton
              priceCents={price?.totalCents ?? null}
              adding={adding}
              unavailable={!price}
              onAdd={onAdd}
            />
          </div>
          <FitPromise />
          <RequestLinks />
        </div>
      </div>
      <StickyAddBar
        watch={summaryRef}
        name={product.name}
        priceCents={price?.totalCents ?? null}
        adding={adding}
        onAdd={onAdd}
      />
    </div>
  );
}
