import { useEffect, useRef } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import type { Permission } from "../../../domain/permissions";
import { useRootData } from "../../root";

const LINKS: readonly { to: string; label: string; end: boolean; needs: Permission }[] = [
  { to: "/admin", label: "Dashboard", end: true, needs: "dashboard" },
  { to: "/admin/orders", label: "Orders", end: false, needs: "orders" },
  { to: "/admin/quotes", label: "Quotes", end: false, needs: "quotes" },
  { to: "/admin/schedule", label: "Schedule", end: false, needs: "field-work" },
  { to: "/admin/reviews", label: "Reviews", end: false, needs: "reviews" },
  { to: "/admin/messages", label: "Messages", end: false, needs: "messages" },
  { to: "/admin/samples", label: "Samples", end: false, needs: "requests" },
  { to: "/admin/estimates", label: "Estimates", end: false, needs: "requests" },
  { to: "/admin/catalog", label: "Catalog", end: false, needs: "catalog" },
  { to: "/admin/staff", label: "Staff", end: false, needs: "staff" },
  { to: "/admin/reports", label: "Reports", end: false, needs: "books" },
  { to: "/admin/audit", label: "Audit log", end: false, needs: "audit" },
  { to: "/admin/security", label: "Security", end: false, needs: "settings" },
  { to: "/admin/settings", label: "Settings", end: false, needs: "settings" },
  { to: "/admin/password", label: "My password", end: false, needs: "self" },
  { to: "/admin/two-factor", label: "Two-factor", end: false, needs: "self" },
];

/** What the navigation knows of the signed-in person (the layout's loader). */
export interface NavStaff {
  name: string;
  permissions: readonly Permission[];
  /** A temporary password or two-factor to set up: only "My password" is offered. */
  gated: boolean;
}

/**
 * The back office's own navigation: only the pages the person's role opens. Hidden when
 * printing. On a phone the links are one row that scrolls sideways (an owner's thirteen links
 * wrapped into five rows, most of the first screen), with the current page scrolled into view.
 */
export function AdminNav({ staff }: { staff: NavStaff }) {
  const links = LINKS.filter(
    (l) => staff.permissions.includes(l.needs) && (!staff.gated || l.needs === "self"),
  );
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again after each navigation, when the current link changes.
  useEffect(() => {
    const row = list.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav aria-label="Admin" className="print:hidden">
      <ul ref={list} className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 sm:flex-wrap">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center whitespace-nowrap rounded-md px-3 font-semibold ${
                  isActive ? "bg-white text-primary-dark" : "text-white hover:bg-primary-dark"
                }`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The admin's own layout (issue 11 item 7): a slim bar with the store's name, the back-office
 * navigation and logout, then the page. No store header, cart or footer; printing shows the
 * page alone.
 */
export function AdminShell({
  nav,
  staff,
  children,
}: {
  nav: boolean;
  staff?: NavStaff | null;
  children: React.ReactNode;
}) {
  const { business } = useRootData();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-primary focus:shadow print:hidden"
      >
        Skip to main content
      </a>
      <header className="bg-primary text-white print:hidden">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-2">
          <p className="font-bold">
            <Link to="/admin" className="inline-flex min-h-11 items-center">
              {business.name} · Back office
            </Link>
          </p>
          {nav ? (
            <Form method="post" action="/admin" className="flex items-center gap-3">
              {staff ? <span className="text-sm">{staff.name}</span> : null}
              <input type="hidden" name="intent" value="logout" />
              <button
                type="submit"
                className="btn border border-white bg-transparent text-white hover:bg-primary-dark"
              >
                Log Out
              </button>
            </Form>
          ) : null}
          {nav && staff ? (
            <div className="w-full">
              <AdminNav staff={staff} />
            </div>
          ) : null}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 bg-surface focus:outline-none print:bg-white">
        {children}
      </main>
    </>
  );
}
