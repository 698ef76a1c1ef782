/** The zebra configuration summary and the price breakdown. */
import storefront from "../../../../domain/i18n/compiled/en/storefront.js";
import type { ZebraPrice } from "../../../../domain/storefront/pricing";
import { useT } from "../../../lib/i18n";
import { useSize } from "../../../lib/sizes";
import { PriceRows } from "./price-rows";
import type { ZebraCollectionView, ZebraDraft } from "./zebra-panels";

export function ZebraSummary({
  draft,
  collection,
  price,
}: {
  draft: ZebraDraft;
  collection: ZebraCollectionView | undefined;
  price: ZebraPrice | null;
}) {
  const t = useT("storefront", storefront);
  const formatSize = useSize();
  const fabric = collection?.fabrics.find((f) => f.slug === draft.fabric);
  const size =
    draft.width === null || draft.height === null
      ? t("configurator.enterSize")
      : formatSize(draft.width + draft.widthFraction, draft.height + draft.heightFraction);
  const motor = [
    t("zebra.motor.remoteShort"),
    draft.motorOptions.smartHome ? t("zebra.motor.smartHomeShort") : null,
    draft.motorOptions.batteryWand ? t("zebra.motor.batteryWandShort") : null,
  ]
    .filter(Boolean)
    .join(", ");
  const rows: [string, string][] = [
    [t("zebra.summary.size"), size],
    [
      t("zebra.summary.mount"),
      t(draft.mountType === "inside" ? "configurator.mount.inside" : "configurator.mount.outside"),
    ],
    [
      t("zebra.summary.fabric"),
      fabric && collection ? `${collection.name} ${fabric.name} (${fabric.code})` : "—",
    ],
    [
      t("zebra.summary.control"),
      draft.controlType === "motorized"
        ? t("zebra.motor.with", { control: t("zebra.control.motorized"), options: motor })
        : t(`zebra.control.${draft.controlType}`),
    ],
    [t("zebra.summary.valance"), draft.valance ? t("zebra.valanceShort") : t("zebra.summary.none")],
    [
      t("zebra.summary.installation"),
      draft.includeInstallation ? t("configurator.installation") : t("zebra.summary.notIncluded"),
    ],
  ];
  return (
    <>
      <section aria-labelledby="zebra-summary-title" className="card">
        <h2 id="zebra-summary-title" className="text-lg font-semibold">
          {t("zebra.summary.title")}
        </h2>
        <dl className="mt-3 space-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4">
              <dt className="text-muted">{label}</dt>
              <dd className="text-right font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {price ? (
        <>
          <p className="text-sm text-muted">
            {t("zebra.summary.area")}{" "}
            <span className="font-medium text-ink">
              {t("zebra.summary.sqft", { area: price.areaSqFt.toFixed(2) })}
            </span>
          </p>
          <PriceRows
            title={t("zebra.price.title")}
            rows={[
              { label: t("zebra.price.shade"), cents: price.blindsCents },
              { label: t("zebra.price.fabric"), cents: price.fabricUpchargeCents },
              { label: t("zebra.price.control"), cents: price.controlUpchargeCents },
              { label: t("zebra.price.motor"), cents: price.motorUpchargeCents },
              { label: t("zebra.price.installation"), cents: price.installationCents },
              // Nothing to add is not a line of the bill.
            ].filter((row, i) => i === 0 || row.cents !== 0)}
            totalCents={price.totalCents}
          />
        </>
      ) : (
        <p className="card bg-surface text-muted">{t("zebra.price.pending")}</p>
      )}
    </>
  );
}
