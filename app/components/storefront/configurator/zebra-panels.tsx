/** The four tab panels of the zebra configurator: Size, Fabric, Control, Options. */

import storefront from "../../../../domain/i18n/compiled/en/storefront.js";
import { ZEBRA_HEIGHT, ZEBRA_WIDTH } from "../../../../domain/shared/dimensions";
import { formatMoney } from "../../../../domain/shared/money";
import {
  calculateZebraPrice,
  installationCents,
  type ZebraRates,
  zebraPriceInput,
} from "../../../../domain/storefront/pricing";
import {
  ZEBRA_CONTROL_TYPES,
  type ZebraControlType,
  type ZebraMountType,
} from "../../../../domain/storefront/zebra";
import { useT } from "../../../lib/i18n";
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
  const t = useT("storefront", storefront);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <DimensionField
          id="zebra-width"
          name="width"
          label={t("configurator.width")}
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
          label={t("configurator.height")}
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
          {t("zebra.size.range", {
            minWidth: ZEBRA_WIDTH.min,
            maxWidth: ZEBRA_WIDTH.max,
            minHeight: ZEBRA_HEIGHT.min,
            maxHeight: ZEBRA_HEIGHT.max,
          })}
        </p>
      ) : null}
      <RadioCards
        legend={t("configurator.mount")}
        name="mountType"
        value={draft.mountType}
        onChange={(mountType) => update({ mountType })}
        options={[
          {
            value: "inside",
            label: t("configurator.mount.inside"),
            note: t("configurator.mount.insideNote"),
          },
          {
            value: "outside",
            label: t("configurator.mount.outside"),
            note: t("configurator.mount.outsideNote"),
          },
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
  const t = useT("storefront", storefront);
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
        legend={t("zebra.collection")}
        name="fabricCollection"
        value={draft.fabricCollection}
        onChange={(slug) => {
          const next = collections.find((c) => c.slug === slug);
          update({ fabricCollection: slug, fabric: next?.fabrics[0]?.slug ?? "" });
        }}
        options={collections.map((c) => ({
          value: c.slug,
          label: c.name,
          description: t(
            c.lightControl === "Room darkening" ? "zebra.light.darkening" : "zebra.light.filtering",
          ),
          note: (() => {
            if (c.upchargeCentsPerSqFt === 0) return t("configurator.included");
            const with_ = priceWith(c.slug);
            return with_ === null || baseCents === null
              ? t("zebra.perSqFt", { price: formatMoney(c.upchargeCentsPerSqFt) })
              : `+${formatMoney(with_ - baseCents)}`;
          })(),
        }))}
      />
      {collection ? (
        <ColorPicker
          legend={t("zebra.fabricOf", { collection: collection.name })}
          name="fabric"
          colors={collection.fabrics.map((f) => ({ key: f.slug, name: f.name, hex: f.hex }))}
          value={draft.fabric}
          onChange={(fabric) => update({ fabric })}
        />
      ) : null}
      <p className="text-sm text-muted">
        {t("zebra.fabricCode", {
          code:
            collection?.fabrics.find((f) => f.slug === draft.fabric)?.code ??
            t("zebra.chooseFabric"),
        })}
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
  const t = useT("storefront", storefront);
  const money = (cents: number) =>
    cents === 0 ? t("configurator.included") : `+${formatMoney(cents)}`;
  return (
    <>
      <RadioCards
        legend={t("zebra.lift")}
        name="controlType"
        value={draft.controlType}
        onChange={(controlType) => update({ controlType })}
        options={ZEBRA_CONTROL_TYPES.map((type) => ({
          value: type,
          label: t(`zebra.control.${type}`),
          description: t("zebra.safety", { safety: t(`zebra.safety.${type}`) }),
          note: money(rates.controlUpchargeCents[type]),
        }))}
      />
      {draft.controlType === "motorized" ? (
        <fieldset className="space-y-2 rounded-lg border border-line p-4">
          <legend className="px-1 font-semibold">{t("zebra.motor")}</legend>
          <label className="flex min-h-11 items-center gap-3">
            <input type="checkbox" checked disabled className="size-5 accent-primary" />
            <span>{t("zebra.motor.remote")}</span>
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
            <span>
              {t("zebra.motor.smartHome", { price: money(rates.motorUpchargeCents.smartHome) })}
            </span>
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
            <span>
              {t("zebra.motor.batteryWand", { price: money(rates.motorUpchargeCents.batteryWand) })}
            </span>
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
  const t = useT("storefront", storefront);
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
        <span>{t("zebra.valance")}</span>
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
          {draft.width === null
            ? t("configurator.installation")
            : t("configurator.installationPrice", {
                price: formatMoney(installationCents(rates.installationTiers, exactWidth)),
              })}
        </span>
      </label>
      <RoomLabelField id="zebra-room-label" value={roomLabel} onChange={onRoomLabel} />
    </>
  );
}
