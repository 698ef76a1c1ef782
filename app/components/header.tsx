import { Form, Link } from "react-router";
import { formatHours, phoneHref } from "../../domain/shared/business";
import { useRootData } from "../lib/root-data";
import { scrollToTop, useSectionNavigation } from "../lib/scroll";
import { HeaderPanel } from "./header-panel";
import { AccountIcon, CartIcon, MenuIcon, SearchIcon } from "./icons";
import { SearchFields } from "./search-fields";
import { type NavItem, PRODUCT_LINKS, PRODUCT_PAGES, SITE_NAV } from "./site-nav";

/** A product page the catalog no longer sells is not linked (section links always are). */
function offered(item: NavItem, paths: readonly string[]): boolean {
  return !item.to || !PRODUCT_PAGES.includes(item.to) || paths.includes(item.to);
}

/** A plain link without JavaScript; after hydration a client navigation and a smooth scroll. */
function NavLink({ item, className }: { item: NavItem; className: string }) {
  const goToSection = useSectionNavigation();
  if (item.section) {
    const section = item.section;
    return (
      <a
        href={`/#${section}`}
        className={className}
        onClick={(e) => {
          e.preventDefault();
          goToSection(section);
        }}
      >
        {item.label}
      </a>
    );
  }
  return (
    <Link to={item.to ?? "/"} className={className} onClick={scrollToTop}>
      {item.label}
    </Link>
  );
}

export function Header() {
  const root = useRootData();
  const business = root.business;
  // Filled in the browser after hydration (root clientLoader); never in the cached HTML.
  const cartCount = root.cartCount ?? 0;
  const nav = SITE_NAV.filter((item) => offered(item, root.offeredPaths));
  const openHours = formatHours(business.hours).filter((h) => !h.endsWith("closed"));
  return (
    <header className="sticky top-0 z-50 border-b border-line bg-white/95 backdrop-blur">
      {/* Local trust (decision 246): the phone to tap, the hours and where we work. */}
      <div className="bg-primary text-sm text-white">
        <div className="container-page flex min-h-9 items-center justify-between gap-3">
          <p className="truncate">
            <span className="sm:hidden">Serving {business.county.split(",")[0]}</span>
            <span className="hidden sm:inline">
              Local, in {business.county} · {openHours.join(", ")}
            </span>
          </p>
          <a
            href={phoneHref(business.phone)}
            className="inline-flex min-h-9 shrink-0 items-center font-semibold underline-offset-2 hover:underline"
          >
            Call {business.phone}
          </a>
        </div>
      </div>
      <div className="container-page flex h-16 items-center justify-between gap-2 sm:gap-3">
        <Link
          to="/"
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
        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-1">
            {nav
              .filter((item) => item.where.includes("main"))
              .map((item) => (
                <li key={item.label}>
                  <NavLink
                    item={item}
                    className="inline-flex min-h-11 items-center whitespace-nowrap rounded px-3 text-sm font-medium text-ink hover:bg-primary-light hover:text-primary"
                  />
                </li>
              ))}
          </ul>
        </nav>
        <div className="flex items-center sm:gap-1">
          {/* The search and the phone menu open without JavaScript (decision 330). */}
          <HeaderPanel
            label="Search"
            icon={<SearchIcon />}
            onOpen={(details) => details.querySelector("input")?.focus()}
            onClose={(details) => details.querySelector("form")?.reset()}
          >
            <SearchForm />
          </HeaderPanel>
          <Link
            to="/account"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded hover:bg-primary-light"
            aria-label="Your account"
            onClick={scrollToTop}
          >
            <AccountIcon />
          </Link>
          <Link
            to="/cart"
            className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded hover:bg-primary-light"
            aria-label={
              cartCount > 0 ? `Cart, ${cartCount} ${cartCount === 1 ? "item" : "items"}` : "Cart"
            }
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
          <HeaderPanel label="Menu" icon={<MenuIcon />} className="xl:hidden">
            <nav aria-label="Mobile">
              {/* "Products" opens the home page's cards; under it, each product's own page. */}
              <div className="container-page pt-2">
                <NavLink
                  item={{ label: "Products", section: "products", where: ["mobile"] }}
                  className="flex min-h-11 items-center rounded px-2 font-semibold hover:bg-primary-light"
                />
              </div>
              <ul aria-label="Products" className="container-page border-b border-line pb-2 pl-7">
                {PRODUCT_LINKS.filter((l) => root.offeredPaths.includes(l.to)).map((l) => (
                  <li key={l.to}>
                    <NavLink
                      item={{ label: l.label, to: l.to, where: ["mobile"] }}
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
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="container-page flex gap-2 py-3"
      onSubmit={(e) => {
        const q = new FormData(e.currentTarget).get("q");
        if (typeof q !== "string" || !q.trim()) e.preventDefault();
      }}
    >
      <SearchFields id="site-search" placeholder="Search shutters, shades, samples..." />
    </Form>
  );
}
