/** The configurator of a product page: gallery, size, colour, installation, price, cart. */
import { useMemo, useRef, useState } from "react";
import type { ColorInfo } from "../../../domain/colors";
import { formatSize, PRODUCT_HEIGHT, PRODUCT_WIDTH } from "../../../domain/dimensions";
import { formatFromPrice, productFromCents } from "../../../domain/from-price";
import { centsToDecimalString, formatMoney } from "../../../domain/money";
import { type BlindsRates, calculateBlindsPrice, installationCents } from "../../../domain/pricing";
import {
  defaultOptions,
  describeOptions,
  type ProductOptions,
} from "../../../domain/product-options";
import { FitPromise } from "../fit-promise";
import { useToast } from "../toast";
import { AddToCartButton } from "./add-to-cart-button";
import { ColorPicker } from "./color-picker";
import { DimensionField } from "./dimension-field";
import { Gallery } from "./gallery";
import { MeasuringGuide } from "./measuring-guide";
import { NoscriptNote } from "./noscript-note";
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
}

export function ProductConfigurator({
  product,
  warranty,
  delivery,
  freeShippingOverCents,
}: {
  product: ConfigurableProduct;
  warranty: string;
  delivery: { customDays: string };
  freeShippingOverCents: number;
}) {
  const [width, setWidth] = useState(36);
  const [widthFraction, setWidthFraction] = useState(0);
  const [height, setHeight] = useState(48);
  const [heightFraction, setHeightFraction] = useState(0);
  // SPEC.md §4: the first colour is chosen automatically.
  const [colorKey, setColorKey] = useState<string | null>(product.colors[0]?.key ?? null);
  const [includeInstallation, setIncludeInstallation] = useState(false);
  const [roomLabel, setRoomLabel] = useState("");
  const [options, setOptions] = useState<ProductOptions>(() => defaultOptions(product.type));
  // False while a size field holds text outside its range: no price is claimed for it.
  const [widthValid, setWidthValid] = useState(true);
  const [heightValid, setHeightValid] = useState(true);
  const sizeValid = widthValid && heightValid;
  const summaryRef = useRef<HTMLDivElement>(null);
  const { adding, add } = useAddToCart();
  const toast = useToast();

  const exactWidth = width + widthFraction;
  const exactHeight = height + heightFraction;
  const price = useMemo(
    () => calculateBlindsPrice(product.pricing, exactWidth, exactHeight, includeInstallation),
    [product.pricing, exactWidth, exactHeight, includeInstallation],
  );
  const color = product.colors.find((c) => c.key === colorKey);

  async function onAdd() {
    if (!sizeValid) return;
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
          width,
          widthFraction,
          height,
          heightFraction,
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
  return (
    <div className="mt-4 grid gap-8 lg:grid-cols-2 lg:gap-12">
      <div className="lg:sticky lg:top-20 lg:self-start">
        <Gallery
          type={product.type}
          name={product.name}
          color={color?.hex ?? "#F4F1EA"}
          colorName={color?.name ?? "the chosen color"}
          aspect={exactWidth / exactHeight}
        />
      </div>
      <div className="space-y-6">
        <div>
          <p className="text-sm font-medium tracking-wide text-muted uppercase">
            {product.type.includes("shutters") ? "Plantation Shutters" : "Custom Blinds"}
          </p>
          <h1 className="mt-1 text-3xl font-semibold tracking-tight sm:text-4xl">{product.name}</h1>
          <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-2xl font-semibold" data-testid="from-price">
              {formatFromPrice(productFromCents(product.type, product.pricing))}
            </span>
            <span className="text-sm font-medium text-primary">Custom pricing available</span>
          </p>
          <p className="mt-3 text-muted">{product.description}</p>
          <NoscriptNote />
        </div>
        <MeasuringGuide />
        <div className="grid gap-4 sm:grid-cols-2">
          <DimensionField
            id="width"
            label="Width"
            range={PRODUCT_WIDTH}
            whole={width}
            onWholeChange={(n) => n !== null && setWidth(n)}
            fraction={widthFraction}
            onFractionChange={setWidthFraction}
            keepLastValid
            onValidityChange={setWidthValid}
          />
          <DimensionField
            id="height"
            label="Height"
            range={PRODUCT_HEIGHT}
            whole={height}
            onWholeChange={(n) => n !== null && setHeight(n)}
            fraction={heightFraction}
            onFractionChange={setHeightFraction}
            keepLastValid
            onValidityChange={setHeightValid}
          />
        </div>
        <ColorPicker
          legend="Color"
          name="color"
          colors={product.colors}
          value={colorKey}
          onChange={setColorKey}
        />
        <ProductOptionsFields productType={product.type} value={options} onChange={setOptions} />
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            checked={includeInstallation}
            onChange={(e) => setIncludeInstallation(e.target.checked)}
            className="size-5 accent-primary"
          />
          <span>
            Professional installation (+
            {formatMoney(installationCents(product.pricing.installationTiers, exactWidth))})
          </span>
        </label>
        <RoomLabelField id="room-label" value={roomLabel} onChange={setRoomLabel} />
        <div ref={summaryRef} className="space-y-4">
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
            onAdd={onAdd}
          />
        </div>
        <ul className="space-y-1 text-sm">
          <li className="font-semibold text-success">{warranty}</li>
          <li>Free shipping on orders over {formatMoney(freeShippingOverCents)}</li>
          <li>Made to your measurements in {delivery.customDays} days</li>
        </ul>
        <FitPromise />
      </div>
      <StickyAddBar
        watch={summaryRef}
        name={product.name}
        priceCents={shownPrice}
        adding={adding}
        unavailable={!color}
        onAdd={onAdd}
      />
    </div>
  );
}
