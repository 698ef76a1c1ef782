import { Link } from "react-router";
import shared from "../../domain/i18n/compiled/en/shared.js";
import { phoneHref } from "../../domain/shared/business";
import { useLocalized, useT } from "../lib/i18n";
import { useRootData } from "../lib/root-data";
import { useHours } from "./business-hours";
import { PRODUCT_LINKS } from "./site-nav";

/** "2025–2026": the founding year alone reads as a site nobody has touched since. */
function copyrightYears(founded: number): string {
  const year = new Date().getFullYear();
  return year > founded ? `${founded}–${year}` : String(founded);
}

const HELP_LINKS: readonly { to: string; label: keyof typeof shared }[] = [
  { to: "/contact", label: "footer.contactUs" },
  { to: "/faq", label: "footer.faq" },
  { to: "/faq#measurement-guide", label: "footer.measurementGuide" },
  { to: "/faq#shipping", label: "footer.shipping" },
  { to: "/maintenance-tips", label: "footer.maintenance" },
  { to: "/warranty", label: "footer.warranty" },
  { to: "/returns", label: "footer.returns" },
  { to: "/faq#privacy", label: "footer.privacy" },
];

export function Footer() {
  const { business, offeredPaths } = useRootData();
  const t = useT("shared", shared);
  const localized = useLocalized();
  const hours = useHours(business.hours);
  // 44 px tall below the desktop layout: every target on a phone is at least 44 × 44
  // (tests/e2e/targets.spec.ts); a mouse needs less.
  const linkClass =
    "inline-flex min-h-11 items-center py-1 text-slate-200 hover:text-white hover:underline lg:min-h-8";
  return (
    <footer className="mt-16 bg-ink text-slate-200">
      {/* On a phone the two link lists sit side by side: 44 px rows, half the length. */}
      <div className="container-page grid grid-cols-2 gap-x-4 gap-y-8 py-12 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <p className="text-lg font-bold text-white">{business.name}</p>
          <p className="mt-2 text-sm">{t("footer.about", { county: business.county })}</p>
        </div>
        <nav aria-label={t("footer.products")}>
          <h2 className="font-semibold text-white">{t("footer.products")}</h2>
          <ul className="mt-2 text-sm">
            {PRODUCT_LINKS.filter((l) => offeredPaths.includes(l.to)).map((l) => (
              <li key={l.to}>
                <Link to={localized(l.to)} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <a href={localized("/#installation")} className={linkClass}>
                {t("footer.installation")}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("footer.help")}>
          <h2 className="font-semibold text-white">{t("footer.help")}</h2>
          <ul className="mt-2 text-sm">
            {HELP_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={localized(l.to)} className={linkClass}>
                  {t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="col-span-2 lg:col-span-1">
          <h2 className="font-semibold text-white">{t("footer.contact")}</h2>
          <ul className="mt-2 text-sm">
            <li>
              <a href={phoneHref(business.phone)} className={linkClass}>
                {business.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${business.email}`} className={linkClass}>
                {business.email}
              </a>
            </li>
            {hours.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/15">
        <p className="container-page py-4 text-sm">
          {t("footer.copyright", {
            years: copyrightYears(business.foundedYear),
            name: business.name,
            county: business.county,
          })}
        </p>
      </div>
    </footer>
  );
}
