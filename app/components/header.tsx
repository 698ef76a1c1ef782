import { Form, Link, useLocation } from "react-router";
import shared from "../../domain/i18n/compiled/en/shared.js";
import { otherLanguagePath } from "../../domain/i18n/paths";
import { phoneHref } from "../../domain/shared/business";
import { useLocalized, useT } from "../lib/i18n";
import { useRootData } from "../lib/root-data";
import { scrollToTop, useSectionNavigation } from "../lib/scroll";
import { useOpenHours } from "./business-hours";
import { HeaderPanel } from "./header-panel";
import { AccountIcon, CartIcon, MenuIcon, SearchIcon } from "./icons";
import { SearchFields } from "./search-fields";
import { type NavItem, PRODUCT_LINKS, PRODUCT_PAGES, SITE_NAV } from "./site-nav";

/** A product page the catalog no longer sells is not linked (section links always are). */
function offered(item: NavItem, paths: readonly string[]): boolean {
  return !item.to || !PRODUCT_PAGES.includes(item.to) || paths.includes(item.to);
}

/** A plain link without JavaScript; after hydration a client navigation and a smooth scroll. */
function NavLink({
  item,
  label,
  className,
}: {
  item: Pick<NavItem, "section" | "to">;
  label: string;
  className: string;
}) {
  const goToSection = useSectionNavigation();
  const localized = useLocalized();
  if (item.section) {
    const section = item.section;
    return (
      <a
        href={localized(`/#${section}`)}
        className={className}
        onClick={(e) => {
          e.preventDefault();
          goToSection(section);
        }}
      >
        {label}
      </a>
    );
  }
  return (
    <Link to={localized(item.to ?? "/")} className={className} onClick={scrollToTop}>
      {label}
    </Link>
  );
}

/**
 * "Español" on an English page, "English" on a Spanish one: the same page, query and fragment
 * kept, in the other language (the cart is the visitor's cookie, shared by both). A document
 * load, not a client navigation: the other language's catalogs load with the page.
 */
function LanguageSwitch() {
  const t = useT("shared", shared);
  const { pathname, search, hash } = useLocation();
  const other = otherLanguagePath(pathname, search, hash);
  return (
    <a
      href={other}
      hrefLang={other.startsWith("/es") ? "es" : "en"}
      lang={other.startsWith("/es") ? "es" : "en"}
      aria-label={t("language.switchLabel")}
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded px-2 text-sm font-semibold text-primary underline-offset-2 hover:bg-primary-light hover:underline"
    >
      {t("language.switch")}
    </a>
  );
}

export function Header() {
  const root = useRootData();
  const business = root.business;
  // Filled in the browser after hydration (root clientLoader); never in the cached HTML.
  const cartCount = root.cartCount ?? 0;
  const nav = SITE_NAV.filter((item) => offered(item, root.offeredPaths));
  const openHours = useOpenHours(business.hours);
  const t = useT("shared", shared);
  const localized = useLocalized();
  return (
    <header className="sticky top-0 z-50 border-b border-line bg-white/95 backdrop-blur">
      {/* Local trust (decision 246): the phone to tap, the hours and where we work. */}
      <div className="bg-primary text-sm text-white">
        <div className="container-page flex min-h-9 items-center justify-between gap-3">
          <p className="truncate">
            <span className="sm:hidden">
              {t("header.serving", { place: business.county.split(",")[0] ?? business.county })}
            </span>
            <span className="hidden sm:inline">
              {t("header.local", { county: business.county, hours: openHours.join(", ") })}
            </span>
          </p>
          <a
            href={phoneHref(business.phone)}
            className="inline-flex min-h-9 shrink-0 items-center font-semibold underline-offset-2 hover:underline"
          >
            {t("header.call", { phone: business.phone })}
          </a>
        </div>
      </div>
      <div className="container-page flex h-16 items-center justify-between gap-2 sm:gap-3">
        <Link
          to={localized("/")}
          className="flex min-h-11 items-center gap-2 font-bold text-primary xl:shrink-0"
          onClick={scrollToTop}
        >
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
            <rect x="3" y="3" width="26" height="26" rx="4" fill="#1d4e5f" />
            {[8, 13, 18, 23].map((y) => (
              <rect key={y} x="7" y={y} width="18" height="2.5" rx="1" fill="#fff" />
            ))}
          </svg>
          <span className="text-[15px] leading-tight sm:text-lg xl:whitespace-nowrap">
            {business.name}
          </span>
        </Link>
        {/* The row shows from 1280 px (decision 300): narrower, its six links wrap; the menu serves. */}
        <nav aria-label={t("nav.main")} className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {nav
              .filter((item) => item.where.includes("main"))
              .map((item) => (
                <li key={item.label}>
                  <NavLink
                    item={item}
                    label={t(item.label)}
                    className="inline-flex min-h-11 items-center whitespace-nowrap rounded px-3 text-sm font-medium text-ink hover:bg-primary-light hover:text-primary"
                  />
                </li>
              ))}
          </ul>
        </nav>
        <div className="flex items-center sm:gap-1">
          {/* The search and the phone menu open without JavaScript (decision 330). */}
          <LanguageSwitch />
          <HeaderPanel
            label={t("search.label")}
            icon={<SearchIcon />}
            onOpen={(details) => details.querySelector("input")?.focus()}
            onClose={(details) => details.querySelector("form")?.reset()}
          >
            <SearchForm />
          </HeaderPanel>
          <Link
            to={localized("/account")}
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded hover:bg-primary-light"
            aria-label={t("account.label")}
            onClick={scrollToTop}
          >
            <AccountIcon />
          </Link>
          <Link
            to={localized("/cart")}
            className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded hover:bg-primary-light"
            aria-label={t("cart.label", { count: cartCount })}
            onClick={scrollToTop}
          >
            <CartIcon />
            {cartCount > 0 ? (
              <span
                data-testid="cart-badge"
                className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-white"
                aria-hidden="true"
              >
                {cartCount}
              </span>
            ) : null}
          </Link>
          <HeaderPanel label={t("menu.label")} icon={<MenuIcon />} className="xl:hidden">
            <nav aria-label={t("nav.mobile")}>
              {/* "Products" opens the home page's cards; under it, each product's own page. */}
              <div className="container-page pt-2">
                <NavLink
                  item={{ section: "products" }}
                  label={t("nav.products")}
                  className="flex min-h-11 items-center rounded px-2 font-semibold hover:bg-primary-light"
                />
              </div>
              <ul
                aria-label={t("nav.products")}
                className="container-page border-b border-line pb-2 pl-7"
              >
                {PRODUCT_LINKS.filter((l) => root.offeredPaths.includes(l.to)).map((l) => (
                  <li key={l.to}>
                    <NavLink
                      item={{ to: l.to }}
                      label={l.label}
                      className="flex min-h-11 items-center rounded px-2 font-medium hover:bg-primary-light"
                    />
                  </li>
                ))}
              </ul>
              <ul className="container-page py-2">
                {nav
                  .filter((item) => item.where.includes("mobile"))
                  .map((item) => (
                    <li key={item.label}>
                      <NavLink
                        item={item}
                        label={t(item.label)}
                        className="flex min-h-11 items-center rounded px-2 font-medium hover:bg-primary-light"
                      />
                    </li>
                  ))}
              </ul>
            </nav>
          </HeaderPanel>
        </div>
      </div>
    </header>
  );
}

/**
 * The header's search: a GET form to /search, answered on the server, so it
 * works without JavaScript; with it, React Router's form navigates in the page. An empty or
 * blank query is not sent.
 */
function SearchForm() {
  const t = useT("shared", shared);
  const localized = useLocalized();
  return (
    <Form
      method="get"
      action={localized("/search")}
      role="search"
      className="container-page flex gap-2 py-3"
      onSubmit={(e) => {
        const q = new FormData(e.currentTarget).get("q");
        if (typeof q !== "string" || !q.trim()) e.preventDefault();
      }}
    >
      <SearchFields id="site-search" placeholder={t("search.placeholder")} />
    </Form>
  );
}
