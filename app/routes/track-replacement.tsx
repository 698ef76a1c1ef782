/**
 * /track-replacement: a quote for a new head rail, priced per inch of width, installed
 * (SPEC.md §2, §5, §7). The rate comes from the catalog; Calculate asks the server.
 */
import { useState } from "react";
import { data } from "react-router";
import { NO_LONGER_AVAILABLE } from "../../domain/catalog";
import { formatInches, TRACK_HEIGHT, TRACK_WIDTH } from "../../domain/dimensions";
import { formatFromPrice, trackFromCents } from "../../domain/from-price";
import { amountToCents, centsToDecimalString, formatMoney } from "../../domain/money";
import { AddToCartButton } from "../components/configurator/add-to-cart-button";
import { DimensionField } from "../components/configurator/dimension-field";
import { MeasuringGuide } from "../components/configurator/measuring-guide";
import { NoscriptNote } from "../components/configurator/noscript-note";
import { RoomLabelField } from "../components/configurator/room-label-field";
import { useAddToCart } from "../components/configurator/use-add-to-cart";
import { useToast } from "../components/toast";
import { apiRequest } from "../lib/api-client";
import { pageMeta, rootFromMatches } from "../lib/meta";
import { useRootData } from "../root";
import type { Route } from "./+types/track-replacement";

interface Quote {
  totalPrice: number;
  width: number;
  pricePerUnit: number;
  height: number;
}

export async function loader({ context }: Route.LoaderArgs) {
  const service = await context.services.catalog.findServiceByType("track-replacement");
  if (!service) throw data(NO_LONGER_AVAILABLE("Track replacement"), { status: 404 });
  return {
    service: {
      type: service.type,
      name: service.name,
      description: service.description,
      priceCentsPerUnit: service.priceCentsPerUnit,
    },
  };
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

export default function TrackReplacement({ loaderData }: Route.ComponentProps) {
  const { service } = loaderData;
  const { business } = useRootData();
  const toast = useToast();
  const { adding, add } = useAddToCart();
  const [width, setWidth] = useState<number | null>(null);
  const [widthFraction, setWidthFraction] = useState(0);
  const [height, setHeight] = useState<number | null>(null);
  const [heightFraction, setHeightFraction] = useState(0);
  const [roomLabel, setRoomLabel] = useState("");
  const [quote, setQuote] = useState<Quote | null>(null);
  const [calculating, setCalculating] = useState(false);
  const ready = width !== null && height !== null;

  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setQuote(null);
    };

  async function calculate() {
    if (width === null || height === null) return;
    setCalculating(true);
    try {
      const result = await apiRequest<Omit<Quote, "height">>(
        "POST",
        "/api/calculate-service-price",
        {
          body: {
            serviceType: service.type,
            width: width + widthFraction,
            height: height + heightFraction,
          },
        },
      );
      setQuote({ ...result, height: height + heightFraction });
    } catch {
      toast({
        title: "Failed to calculate service price",
        description: `Please try again, or call us at ${business.phone}.`,
        variant: "destructive",
      });
    } finally {
      setCalculating(false);
    }
  }

  async function onAdd() {
    if (!quote) return;
    await add(
      {
        serviceType: service.type,
        productName: service.name,
        width: quote.width,
        height: quote.height,
        selectedColor: "",
        includeInstallation: true,
        quantity: 1,
        calculatedPrice: centsToDecimalString(amountToCents(quote.totalPrice)),
        roomLabel: roomLabel.trim() || null,
        configuration: { width, widthFraction, height, heightFraction },
      },
      { title: "Added to Cart", description: `${service.name} has been added to cart` },
    );
  }

  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{service.name}</h1>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-2xl font-semibold" data-testid="from-price">
          {formatFromPrice(trackFromCents(service.priceCentsPerUnit))}
        </span>
        <span className="text-sm font-medium text-primary">Custom pricing available</span>
      </p>
      <p className="mt-3 max-w-2xl text-muted">{service.description}</p>
      <NoscriptNote />
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="quote-title" className="card space-y-5">
          <h2 id="quote-title" className="text-xl font-semibold">
            Instant Quote
          </h2>
          <p>{formatMoney(service.priceCentsPerUnit)} per inch of width, installed.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <DimensionField
              id="track-width"
              label="Width"
              range={TRACK_WIDTH}
              whole={width}
              onWholeChange={change(setWidth)}
              fraction={widthFraction}
              onFractionChange={change(setWidthFraction)}
            />
            <DimensionField
              id="track-height"
              label="Height"
              range={TRACK_HEIGHT}
              whole={height}
              onWholeChange={change(setHeight)}
              fraction={heightFraction}
              onFractionChange={change(setHeightFraction)}
              note="The price depends on the width only. We note the height on your order so the technician knows the length of your vanes before the visit."
            />
          </div>
          <RoomLabelField id="track-room-label" value={roomLabel} onChange={setRoomLabel} />
          <button
            type="button"
            onClick={calculate}
            disabled={!ready || calculating}
            className="btn-primary w-full"
          >
            {calculating ? "Calculating..." : "Calculate"}
          </button>
          <div aria-live="polite">
            {quote ? (
              <div className="rounded-lg bg-primary-light p-4">
                <p>
                  Track width {formatInches(quote.width)} ×{" "}
                  {formatMoney(amountToCents(quote.pricePerUnit))} per inch
                </p>
                <p className="mt-1 text-2xl font-bold" data-testid="track-total">
                  Total: {formatMoney(amountToCents(quote.totalPrice))}
                </p>
                <AddToCartButton
                  priceCents={null}
                  adding={adding}
                  onAdd={onAdd}
                  label="Add Track Replacement to Cart"
                  className="btn-primary mt-3 w-full"
                />
              </div>
            ) : null}
          </div>
          <MeasuringGuide />
        </section>
        <section aria-labelledby="details-title" className="card">
          <h2 id="details-title" className="text-xl font-semibold">
            Service Details
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            <li>Removal of the old head rail and fitting of a new heavy-duty track</li>
            <li>
              For vertical blinds on windows and doors up to {business.heavyDutyTrackFeet} feet wide
            </li>
            <li>Ball-bearing carriers for smooth, quiet operation; your existing vanes re-hung</li>
            <li>Installed by our technicians, usually in {business.installationHours} hours</li>
            <li>
              {business.warranty.installationLabourYears}-year warranty on our installation labor
            </li>
            <li>Serving {business.county}</li>
          </ul>
        </section>
      </div>
    </div>
  );
}
