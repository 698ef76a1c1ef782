/** The four tab panels of the zebra configurator: Size, Fabric, Control, Options. */

import { ZEBRA_HEIGHT, ZEBRA_WIDTH } from "../../../../domain/shared/dimensions";
import { formatMoney } from "../../../../domain/shared/money";
import { ZEBRA_CHILD_SAFETY } from "../../../../domain/storefront/child-safety";
import {
  calculateZebraPrice,
  installationCents,
  type ZebraRates,
  zebraPriceInput,
} from "../../../../domain/storefront/pricing";
import {
  ZEBRA_CONTROL_LABELS,
  ZEBRA_CONTROL_TYPES,
  type ZebraControlType,
  type ZebraMountType,
} from "../../../../domain/storefront/zebra";
import { ColorPicker } from "./color-picker";
import { DimensionField } from "./dimension-field";
import { MeasuringGuide } from "./measuring-guide";
import { RadioCards } from "./radio-cards";
import { RoomLabelField } from "./room-label-field";

export interface ZebraCollectionView {
  slug: string;
  name: string;
  upchargeCentsPerSqFt: number;
  /** "Light filtering" or "Room darkening". */
  lightControl: string;
  fabrics: { slug: string; name: string; code: string; hex: string }[];
}

export interface ZebraDraft {
  width: number | null;
  height: number | null;
  widthFraction: number;
  heightFraction: number;
  fabricCollection: string;
  fabric: string;
  mountType: ZebraMountType;
  controlType: ZebraControlType;
  motorOptions: { remote: boolean; smartHome: boolean; batteryWand: boolean };
  valance: boolean;
  includeInstallation: boolean;
}

type Update = (change: Partial<ZebraDraft>) => void;

export function SizePanel({
  draft,
  update,
  fieldErrors,
}: {
  draft: ZebraDraft;
  update: Update;
  fieldErrors?: Record<string, string>;
}) {
  const outOfRange = draft.width === null || draft.height === null;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <DimensionField
          id="zebra-width"
          name="width"
          label="Width"
          range={ZEBRA_WIDTH}
          initialText={draft.width === null ? "" : String(draft.width)}
          initialFraction={draft.widthFraction}
          onSizeChange={(size) =>
            update(size ? { width: size.whole, widthFraction: size.fraction } : { width: null })
          }
          serverError={fieldErrors?.width}
        />
        <DimensionField
          id="zebra-height"
          name="height"
          label="Height"
          range={ZEBRA_HEIGHT}
          initialText={draft.height === null ? "" : String(draft.height)}
          initialFraction={draft.heightFraction}
          onSizeChange={(size) =>
            update(size ? { height: size.whole, heightFraction: size.fraction } : { height: null })
          }
          serverError={fieldErrors?.height}
        />
      </div>
      {outOfRange ? (
        <p role="status" className="font-medium text-danger">
          Enter a width from {ZEBRA_WIDTH.min} to {ZEBRA_WIDTH.max} inches and a height from{" "}
          {ZEBRA_HEIGHT.min} to {ZEBRA_HEIGHT.max} inches to see the price.
        </p>
      ) : null}
      <RadioCards
        legend="Mount type"
        name="mountType"
        value={draft.mountType}
        onChange={(mountType) => update({ mountType })}
        options={[
          { value: "inside", label: "Inside mount", note: "Fits inside the frame" },
          { value: "outside", label: "Outside mount", note: "Covers the frame" },
        ]}
      />
      <MeasuringGuide />
    </>
  );
}

export function FabricPanel({
  draft,
  update,
  collections,
  rates,
}: {
  draft: ZebraDraft;
  update: Update;
  collections: readonly ZebraCollectionView[];
  rates: ZebraRates;
}) {
  const collection = collections.find((c) => c.slug === draft.fabricCollection);
  // What each collection adds at the size chosen, or its rate before a size.
  const priceWith = (slug: string) =>
    draft.width === null || draft.height === null
      ? null
      : calculateZebraPrice(
          rates,
          zebraPriceInput({
            ...draft,
            width: draft.width,
            height: draft.height,
            fabricCollection: slug,
          }),
        ).totalCents;
  const base = collections.find((c) => c.upchargeCentsPerSqFt === 0) ?? collections[0];
  const baseCents = base ? priceWith(base.slug) : null;
  return (
    <>
      <RadioCards
        legend="Fabric collection"
        name="fabricCollection"
        value={draft.fabricCollection}
        onChange={(slug) => {
          const next = collections.find((c) => c.slug === slug);
          update({ fabricCollection: slug, fabric: next?.fabrics[0]?.slug ?? "" });
        }}
        options={collections.map((c) => ({
          value: c.slug,
          label: c.name,
          description: c.lightControl,
          note: (() => {
            if (c.upchargeCentsPerSqFt === 0) return "Included";
            const with_ = priceWith(c.slug);
            return with_ === null || baseCents === null
              ? `+${formatMoney(c.upchargeCentsPerSqFt)} per sq ft`
              : `+${formatMoney(with_ - baseCents)}`;
          })(),
        }))}
      />
      {collection ? (
        <ColorPicker
          legend={`${collection.name} fabric`}
          name="fabric"
          colors={collection.fabrics.map((f) => ({ key: f.slug, name: f.name, hex: f.hex }))}
          value={draft.fabric}
          onChange={(fabric) => update({ fabric })}
        />
      ) : null}
      <p className="text-sm text-muted">
        Fabric code:{" "}
        {collection?.fabrics.find((f) => f.slug === draft.fabric)?.code ?? "choose a fabric"}
      </p>
    </>
  );
}

export function ControlPanel({
  draft,
  update,
  rates,
}: {
  draft: ZebraDraft;
  update: Update;
  rates: ZebraRates;
}) {
  const money = (cents: number) => (cents === 0 ? "Included" : `+${formatMoney(cents)}`);
  return (
    <>
      <RadioCards
        legend="Lift control"
        name="controlType"
        value={draft.controlType}
        onChange={(controlType) => update({ controlType })}
        options={ZEBRA_CONTROL_TYPES.map((t) => ({
          value: t,
          label: ZEBRA_CONTROL_LABELS[t],
          description: `Child safety: ${ZEBRA_CHILD_SAFETY[t]}`,
          note: money(rates.controlUpchargeCents[t]),
        }))}
      />
      {draft.controlType === "motorized" ? (
        <fieldset className="space-y-2 rounded-lg border border-line p-4">
          <legend className="px-1 font-semibold">Motor options</legend>
          <label className="flex min-h-11 items-center gap-3">
            <input type="checkbox" checked disabled className="size-5 accent-primary" />
            <span>Remote control (included)</span>
          </label>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              name="smartHome"
              checked={draft.motorOptions.smartHome}
              onChange={(e) =>
                update({ motorOptions: { ...draft.motorOptions, smartHome: e.target.checked } })
              }
              className="size-5 accent-primary"
            />
            <span>Smart home hub ({money(rates.motorUpchargeCents.smartHome)})</span>
          </label>
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              name="batteryWand"
              checked={draft.motorOptions.batteryWand}
              onChange={(e) =>
                update({ motorOptions: { ...draft.motorOptions, batteryWand: e.target.checked } })
              }
              className="size-5 accent-primary"
            />
            <span>Rechargeable battery wand ({money(rates.motorUpchargeCents.batteryWand)})</span>
          </label>
        </fieldset>
      ) : null}
    </>
  );
}

export function OptionsPanel({
  draft,
  update,
  roomLabel,
  onRoomLabel,
  rates,
}: {
  draft: ZebraDraft;
  update: Update;
  roomLabel: string;
  onRoomLabel: (v: string) => void;
  rates: ZebraRates;
}) {
  const exactWidth = (draft.width ?? 0) + draft.widthFraction;
  return (
    <>
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          name="valance"
          checked={draft.valance}
          onChange={(e) => update({ valance: e.target.checked })}
          className="size-5 accent-primary"
        />
        <span>Cassette valance (included)</span>
      </label>
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          name="includeInstallation"
          checked={draft.includeInstallation}
          onChange={(e) => update({ includeInstallation: e.target.checked })}
          className="size-5 accent-primary"
        />
        <span>
          Professional installation
          {draft.width === null
            ? ""
            : ` (+${formatMoney(installationCents(rates.installationTiers, exactWidth))})`}
        </span>
      </label>
      <RoomLabelField id="zebra-room-label" value={roomLabel} onChange={onRoomLabel} />
    </>
  );
}
