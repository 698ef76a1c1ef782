/**
 * /zebra-shades: the tabbed zebra configurator. Base rate, minimum and
 * collection upcharges come from the catalog; the price is computed here by the shared engine.
 */
import { useMemo, useRef, useState } from "react";
import { data } from "react-router";
import storefront from "../../../domain/i18n/compiled/en/storefront.js";
import { languageOfPath } from "../../../domain/i18n/paths";
import { centsToDecimalString } from "../../../domain/shared/money";
import { oneOf } from "../../../domain/shared/one-of";
import { type FormValues, zebraCartItemFromForm } from "../../../domain/storefront/cart-form";
import { NO_LONGER_AVAILABLE } from "../../../domain/storefront/catalog";
import { productFromCents } from "../../../domain/storefront/from-price";
import {
  calculateZebraPrice,
  zebraPriceInput,
  zebraRates,
} from "../../../domain/storefront/pricing";
import {
  soldZebraCollections,
  ZEBRA_CONTROL_TYPES,
  ZEBRA_DEFAULTS,
  zebraLightControl,
} from "../../../domain/storefront/zebra";
import { FitPromise } from "../../components/fit-promise";
import { ProductPicture } from "../../components/product-picture";
import { RequestLinks } from "../../components/request-links";
import { AddToCartButton } from "../../components/storefront/configurator/add-to-cart-button";
import {
  ConfiguratorError,
  ConfiguratorForm,
} from "../../components/storefront/configurator/configurator-form";
import { FromPrice } from "../../components/storefront/configurator/from-price";
import { Gallery } from "../../components/storefront/configurator/gallery";
import { StickyAddBar } from "../../components/storefront/configurator/sticky-add-bar";
import { Tabs } from "../../components/storefront/configurator/tabs";
import { useAddToCart } from "../../components/storefront/configurator/use-add-to-cart";
import {
  ControlPanel,
  FabricPanel,
  OptionsPanel,
  SizePanel,
  type ZebraDraft,
} from "../../components/storefront/configurator/zebra-panels";
import { ZebraSummary } from "../../components/storefront/configurator/zebra-summary";
import { catalogDescriptionIn } from "../../lib/catalog-words.server";
import { translator, useT } from "../../lib/i18n";
import { pageMeta, productImages, rootFromMatches } from "../../lib/meta";
import type { Route } from "./+types/zebra-shades";
import { addToCartAction } from "./add-to-cart.server";
import { editValuesFromUrl } from "./edit-values";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { catalog } = context.services;
  const [ctx, product, collections] = await Promise.all([
    catalog.pricing(),
    catalog.findProductByType("zebra-shades"),
    catalog.listZebraCollections(),
  ]);
  if (!product) throw data(NO_LONGER_AVAILABLE("Zebra shades"), { status: 404 });
  const photos = await catalog.productPhotos(product.id);
  return {
    // The cart line's Edit link carries the item's choices.
    initial: editValuesFromUrl(request.url),
    product: {
      id: product.id,
      name: product.name,
      description: catalogDescriptionIn(
        languageOfPath(new URL(request.url).pathname),
        "zebra-shades",
        product.description,
      ),
      pricing: zebraRates(ctx, product),
      photos,
    },
    // Only the fabrics still sold; a collection whose fabrics are all withdrawn is not offered.
    collections: soldZebraCollections(collections)
      .filter((c) => c.fabrics.length > 0)
      .map((c) => ({ ...c, lightControl: zebraLightControl(c.slug) })),
  };
}

/** Add to Cart without JavaScript, and the cart line's Edit. */
export async function action({ request, context }: Route.ActionArgs) {
  return addToCartAction(request, context, zebraCartItemFromForm);
}

/**
 * The defaults, or the first fabric still sold when the default fabric was withdrawn; then the
 * choices of a cart line being edited (or a post sent back with a problem), where they are valid.
 */
function initialDraft(
  collections: readonly { slug: string; fabrics: readonly { slug: string }[] }[],
  initial: FormValues,
): ZebraDraft {
  const fallback = collections[0];
  const defaultSold = collections
    .find((c) => c.slug === ZEBRA_DEFAULTS.fabricCollection)
    ?.fabrics.some((f) => f.slug === ZEBRA_DEFAULTS.fabric);
  const draft: ZebraDraft =
    defaultSold || !fallback
      ? { ...ZEBRA_DEFAULTS }
      : {
          ...ZEBRA_DEFAULTS,
          fabricCollection: fallback.slug,
          fabric: fallback.fabrics[0]?.slug ?? "",
        };
  if (Object.keys(initial).length === 0) return draft;
  const whole = (v: string | undefined) => (v && /^\d{1,3}$/.test(v) ? Number(v) : null);
  const eighth = (v: string | undefined) => {
    const n = Number(v ?? 0);
    return Number.isInteger(n * 8) && n >= 0 && n < 1 ? n : 0;
  };
  const collection = collections.find((c) => c.slug === initial.fabricCollection);
  const fabric = collection?.fabrics.find((f) => f.slug === initial.fabric)?.slug;
  const on = (v: string | undefined) => v === "on" || v === "true";
  return {
    ...draft,
    width: whole(initial.width),
    widthFraction: eighth(initial.widthFraction),
    height: whole(initial.height),
    heightFraction: eighth(initial.heightFraction),
    ...(collection && fabric ? { fabricCollection: collection.slug, fabric } : {}),
    mountType: initial.mountType === "outside" ? "outside" : "inside",
    controlType: oneOf(ZEBRA_CONTROL_TYPES, initial.controlType)
      ? initial.controlType
      : draft.controlType,
    motorOptions: {
      remote: true,
      smartHome: on(initial.smartHome),
      batteryWand: on(initial.batteryWand),
    },
    valance: initial.valance === undefined ? draft.valance : on(initial.valance),
    includeInstallation: on(initial.includeInstallation),
  };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = rootFromMatches(matches);
  const minimum = loaderData ? centsToDecimalString(loaderData.product.pricing.minimumCents) : "";
  const language = languageOfPath(location.pathname);
  const t = translator(language, "storefront", storefront);
  return pageMeta({
    title: t("zebra.meta.title"),
    description: t("zebra.meta.description", { minimum }),
    path: "/zebra-shades",
    language,
    root,
    jsonLd: loaderData
      ? [
          {
            "@context": "https://schema.org",
            "@type": "Product",
            name: loaderData.product.name,
            description: loaderData.product.description,
            image: productImages(root?.publicUrl ?? "", "zebra-shades"),
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

export default function ZebraShades({ loaderData, actionData }: Route.ComponentProps) {
  const { product, collections } = loaderData;
  const failure = actionData && !actionData.ok ? actionData : null;
  const initial = (failure?.values ?? loaderData.initial) as FormValues;
  const [draft, setDraft] = useState<ZebraDraft>(() => initialDraft(collections, initial));
  const [roomLabel, setRoomLabel] = useState(initial.roomLabel ?? "");
  const editing = initial.replace ?? null;
  const { adding, add } = useAddToCart();
  const t = useT("storefront", storefront);
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
      { title: t("zebra.added.title"), description: t("zebra.added.text") },
    );
  }

  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl" tabIndex={-1}>
        {t("zebra.title")}
      </h1>
      <FromPrice cents={productFromCents("zebra-shades", product.pricing)} />
      <p className="mt-3 max-w-2xl text-muted">{product.description}</p>
      <ConfiguratorForm
        label={t("zebra.form")}
        editing={editing}
        canSave={Boolean(price)}
        onAdd={onAdd}
        className="mt-6"
      >
        <div className="lg:col-start-1 lg:row-start-1">
          {product.photos.length > 0 ? (
            <Gallery
              type="zebra-shades"
              name={t("zebra.name")}
              color={fabric?.hex ?? "#F4F1EA"}
              colorName={`${collection?.name ?? ""} ${fabric?.name ?? ""}`.trim()}
              aspect={exactWidth / exactHeight}
              photos={product.photos}
              views={["front"]}
            />
          ) : (
            <ProductPicture
              type="zebra-shades"
              color={fabric?.hex}
              aspect={exactWidth / exactHeight}
              label={t("zebra.preview", {
                fabric: `${collection?.name ?? ""} ${fabric?.name ?? ""}`.trim(),
              })}
              className="aspect-[5/4] w-full rounded-xl border border-line"
            />
          )}
        </div>
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <Tabs
            label={t("zebra.tabs")}
            tabs={[
              {
                id: "size",
                label: t("zebra.tab.size"),
                content: (
                  <SizePanel draft={draft} update={update} fieldErrors={failure?.fieldErrors} />
                ),
              },
              {
                id: "fabric",
                label: t("zebra.tab.fabric"),
                content: (
                  <FabricPanel
                    draft={draft}
                    update={update}
                    collections={collections}
                    rates={product.pricing}
                  />
                ),
              },
              {
                id: "control",
                label: t("zebra.tab.control"),
                content: <ControlPanel draft={draft} update={update} rates={product.pricing} />,
              },
              {
                id: "options",
                label: t("zebra.tab.options"),
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
        </div>
        <div className="space-y-4 lg:sticky lg:top-28 lg:col-start-1 lg:row-start-2 lg:self-start">
          <div ref={summaryRef} className="space-y-4">
            <ConfiguratorError message={failure?.formError} />
            <ZebraSummary draft={draft} collection={collection} price={price} />
            <AddToCartButton
              priceCents={price?.totalCents ?? null}
              adding={adding}
              unavailable={!price}
              label={editing ? t("configurator.save") : t("configurator.add")}
            />
          </div>
          <FitPromise />
          <RequestLinks />
        </div>
      </ConfiguratorForm>
      <StickyAddBar
        watch={summaryRef}
        name={product.name}
        priceCents={price?.totalCents ?? null}
        adding={adding}
        unavailable={!price}
      />
    </div>
  );
}
