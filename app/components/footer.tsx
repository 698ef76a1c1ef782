import { Link } from "react-router";
import { formatHours, phoneHref } from "../../domain/shared/business";
import { useRootData } from "../lib/root-data";
import { PRODUCT_LINKS } from "./site-nav";

/** "2025–2026": the founding year alone reads as a site nobody has touched since. */
function copyrightYears(founded: number): string {
  const year = new Date().getFullYear();
  return year > founded ? `${founded}–${year}` : String(founded);
}

const HELP_LINKS = [
  { to: "/contact", label: "Contact Us" },
  { to: "/faq", label: "FAQ" },
  { to: "/faq#measurement-guide", label: "Measurement Guide" },
  { to: "/faq#shipping", label: "Shipping Info" },
  { to: "/maintenance-tips", label: "Maintenance Tips" },
  { to: "/warranty", label: "Warranty" },
  { to: "/returns", label: "Returns" },
  { to: "/faq#privacy", label: "Privacy Policy" },
];

export function Footer() {
  const { business, offeredPaths } = useRootData();
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
          <p className="mt-2 text-sm">
            Custom blinds, shutters and shades, measured and installed across {business.county}.
          </p>
        </div>
        <nav aria-label="Products">
          <h2 className="font-semibold text-white">Products</h2>
          <ul className="mt-2 text-sm">
            {PRODUCT_LINKS.filter((l) => offeredPaths.includes(l.to)).map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
            <li>
              <a href="/#installation" className={linkClass}>
                Professional Installation
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label="Help">
          <h2 className="font-semibold text-white">Help</h2>
          <ul className="mt-2 text-sm">
            {HELP_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="col-span-2 lg:col-span-1">
          <h2 className="font-semibold text-white">Contact</h2>
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
            {formatHours(business.hours).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/15">
        <p className="container-page py-4 text-sm">
          © {copyrightYears(business.foundedYear)} {business.name}. Serving {business.county}.
        </p>
      </div>
    </footer>
  );
}
