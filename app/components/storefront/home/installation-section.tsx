import { Link } from "react-router";
import { formatMoney } from "../../../../domain/shared/money";
import type { InstallationTier } from "../../../../domain/storefront/pricing";
import { CheckIcon } from "../../icons";

export function InstallationSection({
  installationHours,
  labourYears,
  installationTiers,
}: {
  installationHours: string;
  labourYears: number;
  /** The catalog's tiers; null when the catalog could not be read (the prices are left out). */
  installationTiers: readonly InstallationTier[] | null;
}) {
  const tiers = (installationTiers ?? []).map((tier, i, all) => {
    const previous = i > 0 ? (all[i - 1]?.maxWidthInches ?? null) : null;
    const label =
      tier.maxWidthInches === null
        ? `Over ${previous}" wide`
        : previous === null
          ? `Up to ${tier.maxWidthInches}" wide`
          : `${previous}"–${tier.maxWidthInches}" wide`;
    return { label, cents: tier.cents };
  });
  const points = [
    "Certified installation specialists",
    "On-site measurement verification before we build",
    `Most windows installed in ${installationHours} hours`,
    `${labourYears}-year installation warranty with lifetime support for adjustments`,
  ];
  return (
    <section
      id="installation"
      aria-labelledby="installation-title"
      className="bg-sand py-14 sm:py-20"
    >
      <div className="container-page grid gap-10 lg:grid-cols-2">
        <div>
          <h2 id="installation-title" className="text-3xl font-semibold sm:text-4xl">
            Professional Installation
          </h2>
          <p className="mt-3 text-muted">
            Add installation to any item and our team measures, fits and tests everything.
          </p>
          <ul className="mt-6 space-y-3">
            {points.map((p) => (
              <li key={p} className="flex gap-3">
                <span className="text-success">
                  <CheckIcon />
                </span>
                {p}
              </li>
            ))}
          </ul>
          <p className="mt-6">
            <Link to="/estimate" className="btn-secondary">
              Request a free in-home estimate
            </Link>
          </p>
        </div>
        <div className="rounded-lg bg-white p-6 sm:p-8">
          <h3 className="text-xl font-semibold">Installation Pricing</h3>
          <dl className="mt-4 divide-y divide-line">
            {tiers.map((t) => (
              <div key={t.label} className="flex justify-between py-3">
                <dt>{t.label}</dt>
                <dd className="font-semibold">{formatMoney(t.cents)} per window</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm text-muted">
            Multiple windows: 10% off your order when you buy more than one blind.
          </p>
        </div>
      </div>
    </section>
  );
}
