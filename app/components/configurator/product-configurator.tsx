/** The configurator of a product page: gallery, size, colour, installation, price, cart. */
import { useMemo, useState } from "react";
import type { ColorInfo } from "../../../domain/colors";
import { formatSize, PRODUCT_HEIGHT, PRODUCT_WIDTH } from "../../../domain/dimensions";
import { centsToDecimalString, formatMoney } from "../../../domain/money";
import {
  calculateBlindsPrice,
  installationCents,
  type ProductPricing,
} from "../../../domain/pricing";
import { useToast } from "../toast";
import { ColorPicker } from "./color-picker";
import { DimensionField } from "./dimension-field";
import { Gallery } from "./gallery";
import { MeasuringGuide } from "./measuring-guide";
import { PriceRows } from "./price-rows";
import { RoomLabelField } from "./room-label-field";
import { useAddToCart } from "./use-add-to-cart";

export interface ConfigurableProduct {
  id: number;
  type: string;
  name: string;
  description: string;
  pricing: ProductPricing;
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
  delivery: { standardDays: string; customDays: string };
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
        configuration: { width, widthFraction, height, heightFraction, color: color.key },
      },
      {
        title: "Added to Cart",
        description: `${product.name}, ${formatSize(exactWidth, exactHeight)}, added to your cart`,
      },
    );
  }

  return (
    <div className="mt-4 grid gap-8 lg:grid-cols-2">
      <Gallery
        type={product.type}
        name={product.name}
        color={color?.hex ?? "#F4F1EA"}
        colorName={color?.name ?? "the chosen colour"}
        aspect={exactWidth / exactHeight}
      />
      <div className="space-y-6">
        <div>
          <p className="inline-block rounded-full bg-primary-light px-3 py-1 text-sm font-semibold text-primary">
            {product.type.includes("shutters") ? "Plantation Shutters" : "Custom Blinds"}
          </p>
          <h1 className="mt-2 text-3xl font-bold">{product.name}</h1>
          <p className="mt-2 text-muted">{product.description}</p>
          <p className="mt-2 font-medium text-primary">Custom pricing available</p>
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
          />
        </div>
        <ColorPicker
          legend="Color"
          name="color"
          colors={product.colors}
          value={colorKey}
          onChange={setColorKey}
        />
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            checked={includeInstallation}
            onChange={(e) => setIncludeInstallation(e.target.checked)}
            className="size-5 accent-primary"
          />
          <span>Professional installation (+{formatMoney(installationCents(exactWidth))})</span>
        </label>
        <RoomLabelField id="room-label" value={roomLabel} onChange={setRoomLabel} />
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
        <button
          type="button"
          onClick={onAdd}
          disabled={adding || !color}
          className="btn-primary w-full text-lg"
        >
          {adding ? "Adding..." : `Add to Cart - ${formatMoney(price.totalCents)}`}
        </button>
        <ul className="space-y-1 text-sm">
          <li className="font-semibold text-success">{warranty}</li>
          <li>Free Shipping on orders over {formatMoney(freeShippingOverCents)}</li>
          <li>
            {delivery.standardDays} Day Delivery (standard); custom-made {delivery.customDays} days
          </li>
        </ul>
      </div>
    </div>
  );
}
