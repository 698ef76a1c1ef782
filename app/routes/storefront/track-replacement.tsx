/**
 * /track-replacement: a new head rail, priced per inch of width, installed.
 * The rate comes from the catalog and the price is live, computed here by the shared engine as
 * the size is typed (decision 240: no "Calculate" click); the server prices the cart item
 * again. Same layout as every product page, and a form that works without
 * JavaScript.
 */
import { useRef, useState } from "react";
import { data } from "react-router";
import { formatInches, TRACK_HEIGHT, TRACK_WIDTH } from "../../../domain/shared/dimensions";
import { centsToDecimalString, formatMoney } from "../../../domain/shared/money";
import type { SizeValue } from "../../../domain/shared/size-input";
import {
  type FormValues,
  sizeConfiguration,
  trackCartItemFromForm,
} from "../../../domain/storefront/cart-form";
import { NO_LONGER_AVAILABLE } from "../../../domain/storefront/catalog";
import { trackFromCents } from "../../../domain/storefront/from-price";
import { calculateTrackPrice } from "../../../domain/storefront/pricing";
import { ProductPicture } from "../../components/product-picture";
import { AddToCartButton } from "../../components/storefront/configurator/add-to-cart-button";
import {
  ConfiguratorError,
  ConfiguratorForm,
} from "../../components/storefront/configurator/configurator-form";
import {
  DimensionField,
  startingSize,
} from "../../components/storefront/configurator/dimension-field";
import { FromPrice } from "../../components/storefront/configurator/from-price";
import { MeasuringGuide } from "../../components/storefront/configurator/measuring-guide";
import { RoomLabelField } from "../../components/storefront/configurator/room-label-field";
import { StickyAddBar } from "../../components/storefront/configurator/sticky-add-bar";
import { useAddToCart } from "../../components/storefront/configurator/use-add-to-cart";
import { pageMeta, rootFromMatches } from "../../lib/meta";
import { useRootData } from "../../root";
import type { Route } from "./+types/track-replacement";
import { addToCartAction } from "./add-to-cart.server";
import { editValuesFromUrl } from "./edit-values";

export async function loader({ context, request }: Route.LoaderArgs) {
  const service = await context.services.catalog.findServiceByType("track-replacement");
  if (!service) throw data(NO_LONGER_AVAILABLE("Track replacement"), { status: 404 });
  return {
    initial: editValuesFromUrl(request.url),
    service: {
      type: service.type,
      name: service.name,
      description: service.description,
      priceCentsPerUnit: service.priceCentsPerUnit,
    },
  };
}

/** Add to Cart without JavaScript, and the cart line's Edit. */
export async function action({ request, context }: Route.ActionArgs) {
  return addToCartAction(request, context, trackCartItemFromForm);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const rate = loaderData ? formatMoney(loaderData.service.priceCentsPerUnit) : "";
  return pageMeta({
    title: "Vertical Blind Track Replacement",
    description: `Replace a worn vertical blind head rail: heavy-duty track, installed, ${rate} per inch of width. Instant quote online.`,
    path: "/track-replacement",
    root: rootFromMatches(matches),
  });
}

export default function TrackReplacement({ loaderData, actionData }: Route.ComponentProps) {
  const { service } = loaderData;
  const { business } = useRootData();
  const failure = actionData && !actionData.ok ? actionData : null;
  const initial = (failure?.values ?? loaderData.initial) as FormValues;
  const editing = initial.replace ?? null;
  const { adding, add } = useAddToCart();
  const [startWidth] = useState(() =>
    startingSize(initial.width ?? "", initial.widthFraction, TRACK_WIDTH),
  );
  const [startHeight] = useState(() =>
    startingSize(initial.height ?? "", initial.heightFraction, TRACK_WIDTH),
  );
  const [width, setWidth] = useState<SizeValue | null>(startWidth.size);
  const [height, setHeight] = useState<SizeValue | null>(startHeight.size);
  // The height is optional; text typed in it must still be a size.
  const [heightBlocked, setHeightBlocked] = useState(false);
  const [roomLabel, setRoomLabel] = useState(initial.roomLabel ?? "");
  const summaryRef = useRef<HTMLDivElement>(null);
  const exactWidth = width ? width.whole + width.fraction : null;
  const exactHeight = height ? height.whole + height.fraction : null;
  const price =
    exactWidth === null || heightBlocked
      ? null
      : calculateTrackPrice(exactWidth, service.priceCentsPerUnit);

  async function onAdd() {
    if (!price || !width || exactWidth === null) return;
    await add(
      {
        serviceType: service.type,
        productName: service.name,
        width: exactWidth,
        height: exactHeight ?? exactWidth,
        selectedColor: "",
        includeInstallation: true,
        quantity: 1,
        calculatedPrice: centsToDecimalString(price.totalCents),
        roomLabel: roomLabel.trim() || null,
        configuration: sizeConfiguration(width, height),
      },
      { title: "Added to Cart", description: `${service.name} has been added to cart` },
    );
  }

  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl" tabIndex={-1}>
        {service.name}
      </h1>
      <FromPrice cents={trackFromCents(service.priceCentsPerUnit)} />
      <p className="mt-3 max-w-2xl text-muted">{service.description}</p>
      <ConfiguratorForm
        label="Track replacement quote"
        editing={editing}
        canSave={Boolean(price)}
        onAdd={onAdd}
        className="mt-6"
      >
        <div className="lg:col-start-1 lg:row-start-1">
          <ProductPicture
            type="vinyl"
            color="#F4F1EA"
            aspect={exactWidth && exactHeight ? exactWidth / exactHeight : 1.25}
            label="Vertical blinds on a new head rail"
            className="aspect-[5/4] w-full rounded-xl border border-line"
          />
        </div>
        <div className="space-y-5 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <p>{formatMoney(service.priceCentsPerUnit)} per inch of width, installed.</p>
          <MeasuringGuide />
          <div className="grid gap-4 sm:grid-cols-2">
            <DimensionField
              id="track-width"
              name="width"
              label="Width"
              range={TRACK_WIDTH}
              initialText={startWidth.text}
              initialFraction={startWidth.fraction}
              onSizeChange={setWidth}
              serverError={failure?.fieldErrors.width}
            />
            <DimensionField
              id="track-height"
              name="height"
              label="Height"
              range={TRACK_HEIGHT}
              initialText={startHeight.text}
              initialFraction={startHeight.fraction}
              onSizeChange={(size) => setHeight(size)}
              onTextChange={(_text, ok) => setHeightBlocked(!ok)}
              optional
              serverError={failure?.fieldErrors.height}
              note="Optional. The price depends on the width only; the height tells the technician the length of your vanes."
            />
          </div>
          <RoomLabelField id="track-room-label" value={roomLabel} onChange={setRoomLabel} />
          <section aria-labelledby="details-title">
            <h2 id="details-title" className="text-xl font-semibold">
              Service Details
            </h2>
            <ul className="mt-3 list-disc space-y-2 pl-5">
              <li>Removal of the old head rail and fitting of a new heavy-duty track</li>
              <li>
                For vertical blinds on windows and doors up to {business.heavyDutyTrackFeet} feet
                wide
              </li>
              <li>
                Ball-bearing carriers for smooth, quiet operation; your existing vanes re-hung
              </li>
              <li>Installed by our technicians, usually in {business.installationHours} hours</li>
              <li>
                {business.warranty.installationLabourYears}-year warranty on our installation labor
              </li>
              <li>Serving {business.county}</li>
            </ul>
          </section>
        </div>
        <div className="lg:sticky lg:top-28 lg:col-start-1 lg:row-start-2 lg:self-start">
          <div ref={summaryRef} className="space-y-4">
            <ConfiguratorError message={failure?.formError} />
            <section
              aria-labelledby="price-summary-title"
              aria-live="polite"
              className="rounded-lg bg-surface p-5"
            >
              <h2 id="price-summary-title" className="text-lg font-semibold">
                Price Summary
              </h2>
              {price ? (
                <>
                  <p className="mt-3 text-muted">
                    Track width {formatInches(price.width)} × {formatMoney(price.pricePerUnitCents)}{" "}
                    per inch, installed
                  </p>
                  <p className="mt-2 text-2xl font-bold tabular-nums" data-testid="track-total">
                    Total: {formatMoney(price.totalCents)}
                  </p>
                </>
              ) : (
                <p className="mt-3 font-medium">
                  Enter the width ({TRACK_WIDTH.min}–{TRACK_WIDTH.max} inches) to see the price.
                </p>
              )}
            </section>
            <AddToCartButton
              priceCents={price?.totalCents ?? null}
              adding={adding}
              unavailable={!price}
              label={editing ? "Save changes" : "Add Track Replacement to Cart"}
            />
          </div>
        </div>
      </ConfiguratorForm>
      <StickyAddBar
        watch={summaryRef}
        name={service.name}
        priceCents={price?.totalCents ?? null}
        adding={adding}
        unavailable={!price}
      />
    </div>
  );
}
