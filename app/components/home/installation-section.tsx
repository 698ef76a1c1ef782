import { formatMoney } from "../../../domain/money";
import { installationCents } from "../../../domain/pricing";
import { CheckIcon } from "../icons";

export function InstallationSection({
  installationHours,
  labourYears,
}: {
  installationHours: string;
  labourYears: number;
}) {
  const tiers = [
    { label: 'Up to 60" wide', cents: installationCents(60) },
    { label: '60"–96" wide', cents: installationCents(96) },
    { label: 'Over 96" wide', cents: installationCents(96.125) },
  ];
  const points = [
    "Certified installation specialists",
    "On-site measurement verification before we build",
    `Most windows installed in ${installationHours} hours`,
    `${labourYears}-year installation warranty with lifetime support for adjustments`,
  ];
  return (
    <section id="installation" aria-labelledby="installation-title" className="bg-surface py-14">
      <div className="container-page grid gap-10 lg:grid-cols-2">
        <div>
          <h2 id="installation-title" className="text-3xl font-bold">
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
        </div>
        <div className="card">
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
