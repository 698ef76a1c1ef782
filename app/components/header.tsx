import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { routeSearch } from "../../domain/search";
import { scrollToTop, useSectionNavigation } from "../lib/scroll";
import { useRootData } from "../root";
import { AccountIcon, CartIcon, CloseIcon, MenuIcon, SearchIcon } from "./icons";

interface NavItem {
  label: string;
  /** Home-page section id, or a path. */
  section?: string;
  to?: string;
}

const NAV: readonly NavItem[] = [
  { label: "Products", section: "products" },
  { label: "Track Replacement", to: "/track-replacement" },
  { label: "Zebra Shades", to: "/zebra-shades" },
  { label: "Installation", section: "installation" },
  { label: "Reviews", section: "testimonials" },
  { label: "Contact", to: "/contact" },
];

/** A product page the catalog no longer sells is not linked (section links always are). */
function offered(item: NavItem, paths: readonly string[]): boolean {
  return !item.to || !PRODUCT_PAGES.includes(item.to) || paths.includes(item.to);
}
const PRODUCT_PAGES = ["/track-replacement", "/zebra-shades"];

/** SPEC.md §2: the mobile menu lists only these. */
const MOBILE_NAV = NAV.filter((n) =>
  ["Products", "Installation", "Reviews", "Contact"].includes(n.label),
);

function NavLink({
  item,
  onNavigate,
  className,
}: {
  item: NavItem;
  onNavigate?: () => void;
  className: string;
}) {
  const goToSection = useSectionNavigation();
  if (item.section) {
    const section = item.section;
    return (
      <a
        href={`/#${section}`}
        className={className}
        onClick={(e) => {
          e.preventDefault();
          onNavigate?.();
          goToSection(section);
        }}
      >
        {item.label}
      </a>
    );
  }
  return (
    <Link
      to={item.to ?? "/"}
      className={className}
      onClick={() => {
        onNavigate?.();
        scrollToTop();
      }}
    >
      {item.label}
    </Link>
  );
}

export function Header() {
  const root = useRootData();
  const business = root.business;
  // Filled in the browser after hydration (root clientLoader); never in the cached HTML.
  const cartCount = root.cartCount ?? 0;
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();

  // Close the menus when the page changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  return (
    <header className="sticky top-0 z-50 border-b border-line bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-3">
        <Link
          to="/"
          className="flex min-h-11 items-center gap-2 font-bold text-primary"
          onClick={scrollToTop}
        >
          <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
            <rect x="3" y="3" width="26" height="26" rx="4" fill="#1d4e5f" />
            {[8, 13, 18, 23].map((y) => (
              <rect key={y} x="7" y={y} width="18" height="2.5" rx="1" fill="#fff" />
            ))}
          </svg>
          <span className="text-base leading-tight sm:text-lg">{business.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV.filter((item) => offered(item, root.offeredPaths)).map((item) => (
              <li key={item.label}>
                <NavLink
                  item={item}
                  className="inline-flex min-h-11 items-center rounded px-3 text-sm font-medium text-ink hover:bg-primary-light hover:text-primary"
                />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <button
            type="button"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded hover:bg-primary-light"
            aria-label={searchOpen ? "Close search" : "Search"}
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen((o) => !o)}
          >
            {searchOpen ? <CloseIcon /> : <SearchIcon />}
          </button>
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
          <button
            type="button"
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded hover:bg-primary-light lg:hidden"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      {searchOpen ? <SearchBar onClose={() => setSearchOpen(false)} /> : null}
      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!menuOpen}
        className="border-t border-line lg:hidden"
      >
        <ul className="container-page py-2">
          {MOBILE_NAV.map((item) => (
            <li key={item.label}>
              <NavLink
                item={item}
                onNavigate={() => setMenuOpen(false)}
                className="flex min-h-11 items-center rounded px-2 font-medium hover:bg-primary-light"
              />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

function SearchBar({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const goToSection = useSectionNavigation();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  return (
    <div className="border-t border-line bg-surface">
      <form
        role="search"
        className="container-page flex gap-2 py-3"
        onSubmit={(e) => {
          e.preventDefault();
          const target = routeSearch(text);
          if (!target) return;
          if (target.section) goToSection(target.section);
          else {
            navigate(target.path);
            scrollToTop();
          }
          setText("");
          onClose();
        }}
      >
        <label htmlFor="site-search" className="sr-only">
          Search the store
        </label>
        <input
          ref={inputRef}
          id="site-search"
          type="search"
          className="field flex-1"
          placeholder="Search products, installation, pricing..."
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.preventDefault();
              setText("");
              onClose();
            }
          }}
        />
        <button type="submit" className="btn-primary" disabled={!text.trim()}>
          Search
        </button>
      </form>
    </div>
  );
}
