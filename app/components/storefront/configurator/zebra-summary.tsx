/** The zebra configuration summary and the price breakdown. */
import { formatSize } from "../../../../domain/shared/dimensions";
import type { ZebraPrice } from "../../../../domain/storefront/pricing";
import { ZEBRA_CONTROL_LABELS } from "../../../../domain/storefront/zebra";
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
  const fabric = collection?.fabrics.find((f) => f.slug === draft.fabric);
  const size =
    draft.width === null || draft.height === null
      ? "Enter a size"
      : formatSize(draft.width + draft.widthFraction, draft.height + draft.heightFraction);
  const motor = [
    "remote",
    draft.motorOptions.smartHome ? "smart home hub" : null,
    draft.motorOptions.batteryWand ? "battery wand" : null,
  ]
    .filter(Boolean)
    .join(", ");
  const rows: [string, string][] = [
    ["Size", size],
    ["Mount", draft.mountType === "inside" ? "Inside mount" : "Outside mount"],
    ["Fabric", fabric && collection ? `${collection.name} ${fabric.name} (${fabric.code})` : "—"],
    [
      "Control",
      draft.controlType === "motorized"
        ? `${ZEBRA_CONTROL_LABELS.motorized} with ${motor}`
        : ZEBRA_CONTROL_LABELS[draft.controlType],
    ],
    ["Valance", draft.valance ? "Cassette valance" : "None"],
    ["Installation", draft.includeInstallation ? "Professional installation" : "Not included"],
  ];
  return (
    <>
      <section aria-labelledby="zebra-summary-title" className="card">
        <h2 id="zebra-summary-title" className="text-lg font-semibold">
          Your Configuration
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
            Area: <span className="font-medium text-ink">{price.areaSqFt.toFixed(2)} sq ft</span>
          </p>
          <PriceRows
            title="Price Breakdown"
            rows={[
              { label: "Zebra shade", cents: price.blindsCents },
              { label: "Fabric upgrade", cents: price.fabricUpchargeCents },
              { label: "Control", cents: price.controlUpchargeCents },
              { label: "Motor options", cents: price.motorUpchargeCents },
              { label: "Installation", cents: price.installationCents },
              // Nothing to add is not a line of the bill.
            ].filter((row, i) => i === 0 || row.cents !== 0)}
            totalCents={price.totalCents}
          />
        </>
      ) : (
        <p className="card bg-surface text-muted">
          The price appears as soon as the width and height are in range.
        </p>
      )}
    </>
  );
}
