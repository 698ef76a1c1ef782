/**
 * The configurator of a product page: gallery, size, colour, options, installation, price,
 * cart. One layout for every product: on wide screens the drawing and, under it,
 * a sticky price summary with Add to Cart sit beside the choices; on phones the summary follows
 * the choices and a bar keeps the price in reach. The whole configurator is a form that posts to
 * the page's action, so Add to Cart works without JavaScript; with JavaScript the
 * item goes through /api/cart and a toast, unless the form is editing a cart line.
 */

import { useMemo, useRef, useState } from "react";
import { formatSize, PRODUCT_HEIGHT, PRODUCT_WIDTH } from "../../../../domain/shared/dimensions";
import { centsToDecimalString, formatMoney } from "../../../../domain/shared/money";
import type { SizeValue } from "../../../../domain/shared/size-input";
import { type FormValues, sizeConfiguration } from "../../../../domain/storefront/cart-form";
import type { ColorInfo } from "../../../../domain/storefront/colors";
import { productFromCents } from "../../../../domain/storefront/from-price";
import {
  type BlindsRates,
  calculateBlindsPrice,
  installationCents,
} from "../../../../domain/storefront/pricing";
import {
  defaultOptions,
  describeOptions,
  optionsFor,
  type ProductOptions,
} from "../../../../domain/storefront/product-options";
import type { ProductPhoto } from "../../../../domain/storefront/product-photos";
import { FitPromise } from "../../fit-promise";
import { useToast } from "../../toast";
import { AddToCartButton } from "./add-to-cart-button";
import { ColorPicker } from "./color-picker";
import { ConfiguratorError, ConfiguratorForm } from "./configurator-form";
import { DimensionField, startingSize } from "./dimension-field";
import { FromPrice } from "./from-price";
import { Gallery } from "./gallery";
import { MeasuringGuide } from "./measuring-guide";
import { PriceRows } from "./price-rows";
import { ProductOptionsFields } from "./product-options-fields";
import { RoomLabelField } from "./room-label-field";
import { StickyAddBar } from "./sticky-add-bar";
import { useAddToCart } from "./use-add-to-cart";

export interface ConfigurableProduct {
  id: number;
  type: string;
  name: string;
  description: string;
  pricing: BlindsRates;
  colors: ColorInfo[];
  /** The owner's photos, shown before the drawings. */
  photos?: ProductPhoto[];
}

export function ProductConfigurator({
  product,
  warranty,
  delivery,
  freeShippingOverCents,
  initial = {},
  fieldErrors = {},
  formError = null,
}: {
  product: ConfigurableProduct;
  warranty: string;
  delivery: { customDays: string };
  freeShippingOverCents: number;
  /** The form's starting values: a cart line being edited, or what was posted with an error. */
  initial?: FormValues;
  fieldErrors?: Record<string, string>;
  formError?: string | null;
}) {
  const [startWidth] = useState(() =>
    startingSize(initial.width ?? "36", initial.widthFraction, PRODUCT_WIDTH),
  );
  const [startHeight] = useState(() =>
    startingSize(initial.height ?? "48", initial.heightFraction, PRODUCT_WIDTH),
  );
  const [width, setWidth] = useState<SizeValue | null>(startWidth.size);
  const [height, setHeight] = useState<SizeValue | null>(startHeight.size);
  // The first colour is chosen automatically.
  const [colorKey, setColorKey] = useState<string | null>(
    product.colors.find((c) => c.key === initial.selectedColor)?.key ??
      product.colors[0]?.key ??
      null,
  );
  const [includeInstallation, setIncludeInstallation] = useState(
    initial.includeInstallation === "on" || initial.includeInstallation === "true",
  );
  const [roomLabel, setRoomLabel] = useState(initial.roomLabel ?? "");
  const [options, setOptions] = useState<ProductOptions>(() => {
    const out = defaultOptions(product.type) as unknown as Record<string, string>;
    for (const def of optionsFor(product.type)) {
      const v = initial[def.field];
      if (v && def.choices.some((c) => c.value === v)) out[def.field] = v;
    }
    return out as unknown as ProductOptions;
  });
  const editing = initial.replace ?? null;
  const sizeValid = width !== null && height !== null;
  const summaryRef = useRef<HTMLDivElement>(null);
  const { adding, add } = useAddToCart();
  const toast = useToast();

  const exactWidth = width ? width.whole + width.fraction : 36;
  const exactHeight = height ? height.whole + height.fraction : 48;
  const price = useMemo(
    () => calculateBlindsPrice(product.pricing, exactWidth, exactHeight, includeInstallation),
    [product.pricing, exactWidth, exactHeight, includeInstallation],
  );
  const color = product.colors.find((c) => c.key === colorKey);

  async function onAdd() {
    if (!width || !height) return;
    if (!color) {
      toast({
        title: "Please select a color",
        description: "Choose a color option before adding to cart.",
        variant: "destructive",
      });
      return;
    }
    await add(
      {
        productId: product.id,
        productName: product.name,
        width: exactWidth,
        height: exactHeight,
        selectedColor: color.key,
        includeInstallation,
        quantity: 1,
        calculatedPrice: centsToDecimalString(price.totalCents),
        roomLabel: roomLabel.trim() || null,
        configuration: {
          ...sizeConfiguration(width, height),
          color: color.key,
          ...options,
        },
      },
      {
        title: "Added to Cart",
        description: [
          `${product.name}, ${formatSize(exactWidth, exactHeight)}`,
          ...describeOptions(options),
        ]
          .join(", ")
          .concat(", added to your cart"),
      },
    );
  }

  const shownPrice = sizeValid ? price.totalCents : null;
  const installCents = installationCents(product.pricing.installationTiers, exactWidth);
  return (
    <ConfiguratorForm
      label={`Configure your ${product.name}`}
      editing={editing}
      canSave={sizeValid}
      onAdd={onAdd}
      className="mt-4"
    >
      <input type="hidden" name="productId" value={product.id} />
      <div className="lg:col-start-1 lg:row-start-1">
        <Gallery
          type={product.type}
          name={product.name}
          color={color?.hex ?? "#F4F1EA"}
          colorName={color?.name ?? "the chosen color"}
          aspect={exactWidth / exactHeight}
          photos={product.photos}
        />
      </div>
      <div className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <div>
          <p className="text-sm font-medium tracking-wide text-muted uppercase">
            {product.type.includes("shutters") ? "Plantation Shutters" : "Custom Blinds"}
          </p>
          <h1 className="mt-1 text-3xl font-semibold tracking-tight sm:text-4xl" tabIndex={-1}>
            {product.name}
          </h1>
          <FromPrice cents={productFromCents(product.type, product.pricing)} />
          <p className="mt-3 text-muted">{product.description}</p>
        </div>
        <MeasuringGuide />
        <div className="grid gap-4 sm:grid-cols-2">
          <DimensionField
            id="width"
            name="width"
            label="Width"
            range={PRODUCT_WIDTH}
            initialText={startWidth.text}
            initialFraction={startWidth.fraction}
            onSizeChange={setWidth}
            serverError={fieldErrors.width}
          />
          <DimensionField
            id="height"
            name="height"
            label="Height"
            range={PRODUCT_HEIGHT}
            initialText={startHeight.text}
            initialFraction={startHeight.fraction}
            onSizeChange={setHeight}
            serverError={fieldErrors.height}
          />
        </div>
        <ColorPicker
          legend="Color"
          name="selectedColor"
          colors={product.colors}
          value={colorKey}
          onChange={setColorKey}
        />
        <ProductOptionsFields productType={product.type} value={options} onChange={setOptions} />
        <fieldset>
          <legend className="field-label">Installation</legend>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-line bg-white px-4 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary-light">
            <input
              type="checkbox"
              name="includeInstallation"
              checked={includeInstallation}
              onChange={(e) => setIncludeInstallation(e.target.checked)}
              className="size-5 accent-primary"
            />
            <span className="flex-1">Professional installation</span>
            <span className="text-sm font-medium tabular-nums" data-testid="installation-delta">
              (+{formatMoney(installCents)})
            </span>
          </label>
        </fieldset>
        <RoomLabelField
          id="room-label"
          name="roomLabel"
          value={roomLabel}
          onChange={setRoomLabel}
        />
      </div>
      <div className="lg:sticky lg:top-28 lg:col-start-1 lg:row-start-2 lg:self-start">
        <div ref={summaryRef} className="space-y-4">
          <ConfiguratorError message={formError} />
          {sizeValid ? (
            <PriceRows
              title="Price Summary"
              rows={[
                {
                  label: `${product.name}, ${formatSize(exactWidth, exactHeight)}`,
                  cents: price.blindsCents,
                },
                ...(includeInstallation
                  ? [{ label: "Installation", cents: price.installationCents }]
                  : []),
              ]}
              totalCents={price.totalCents}
            />
          ) : (
            <p role="status" className="rounded-lg bg-surface p-4 font-medium text-danger">
              Enter a width from {PRODUCT_WIDTH.min} to {PRODUCT_WIDTH.max} inches and a height from{" "}
              {PRODUCT_HEIGHT.min} to {PRODUCT_HEIGHT.max} inches to see the price.
            </p>
          )}
          <AddToCartButton
            priceCents={shownPrice}
            adding={adding}
            unavailable={!color || !sizeValid}
            label={editing ? "Save changes" : "Add to Cart"}
          />
        </div>
        <ul className="mt-4 space-y-1 text-sm">
          <li className="font-semibold text-success">{warranty}</li>
          <li>Delivered free in Lee County on orders over {formatMoney(freeShippingOverCents)}</li>
          <li>Made to your measurements in {delivery.customDays} days</li>
        </ul>
        <FitPromise />
      </div>
      <StickyAddBar
        watch={summaryRef}
        name={product.name}
        priceCents={shownPrice}
        adding={adding}
        unavailable={!color || !sizeValid}
      />
    </ConfiguratorForm>
  );
}
