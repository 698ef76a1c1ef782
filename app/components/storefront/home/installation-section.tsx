import { Link } from "react-router";
import storefront from "../../../../domain/i18n/compiled/en/storefront.js";
import { formatMoney } from "../../../../domain/shared/money";
import type { InstallationTier } from "../../../../domain/storefront/pricing";
import { useLocalized, useT } from "../../../lib/i18n";
import { useInches } from "../../../lib/sizes";
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
  const t = useT("storefront", storefront);
  const localized = useLocalized();
  const inches = useInches();
  const tiers = (installationTiers ?? []).map((tier, i, all) => {
    const previous = i > 0 ? (all[i - 1]?.maxWidthInches ?? null) : null;
    const label =
      tier.maxWidthInches === null
        ? t("installation.tier.over", { inches: inches(previous ?? 0) })
        : previous === null
          ? t("installation.tier.upTo", { inches: inches(tier.maxWidthInches) })
          : t("installation.tier.between", {
              from: inches(previous),
              to: inches(tier.maxWidthInches),
            });
    return { label, cents: tier.cents };
  });
  const points = [
    t("installation.certified"),
    t("installation.verify"),
    t("installation.hours", { hours: installationHours }),
    t("installation.warranty", { years: labourYears }),
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
            {t("installation.title")}
          </h2>
          <p className="mt-3 text-muted">{t("installation.lead")}</p>
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
            <Link to={localized("/estimate")} className="btn-secondary">
              {t("installation.estimate")}
            </Link>
          </p>
        </div>
        <div className="rounded-lg bg-white p-6 sm:p-8">
          <h3 className="text-xl font-semibold">{t("installation.pricing")}</h3>
          <dl className="mt-4 divide-y divide-line">
            {tiers.map((tier) => (
              <div key={tier.label} className="flex justify-between py-3">
                <dt>{tier.label}</dt>
                <dd className="font-semibold">
                  {t("installation.perWindow", { price: formatMoney(tier.cents) })}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm text-muted">{t("installation.multiple")}</p>
        </div>
      </div>
    </section>
  );
}
