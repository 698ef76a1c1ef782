import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import type { Permission } from "../../../domain/people/permissions";
import { useRootData } from "../../lib/root-data";
import { ADMIN_NAV, type AdminNavItem, type NavCountKey } from "./admin-nav-items";

/** What the navigation knows of the signed-in person (the layout's loader). */
export interface NavStaff {
  name: string;
  permissions: readonly Permission[];
  /** A temporary password or two-factor to set up: only "My password" is offered. */
  gated: boolean;
  /** What waits in the inboxes the person may open (absent when none of them). */
  counts?: Partial<Record<NavCountKey, number>> | null;
}

/** The pages the person's role opens, grouped as the sidebar shows them. */
function visibleGroups(staff: NavStaff) {
  const items = ADMIN_NAV.filter(
    (l) => staff.permissions.includes(l.needs) && (!staff.gated || l.needs === "self"),
  );
  const groups: { name: string; items: AdminNavItem[] }[] = [];
  for (const item of items) {
    const group = groups.find((g) => g.name === item.group);
    if (group) group.items.push(item);
    else groups.push({ name: item.group, items: [item] });
  }
  return { items, groups };
}

/**
 * True when `item` is the page at `pathname` or (without `end`) one under it: NavLink's rule
 * (case-insensitive, a whole path segment), computed once per list from one useLocation
 * instead of in a NavLink per item.
 */
export function isCurrentPage(pathname: string, item: Pick<AdminNavItem, "to" | "end">): boolean {
  const at = pathname.toLowerCase();
  const to = item.to.toLowerCase();
  return at === to || (!item.end && at.startsWith(to) && at.charAt(to.length) === "/");
}

/** `place` tells the sidebar's list from the phone menu's (both are in the page). */
function NavList({ staff, place }: { staff: NavStaff; place: "side" | "phone" }) {
  const { pathname } = useLocation();
  const { groups } = visibleGroups(staff);
  return (
    <div className="space-y-4">
      {groups.map((g) => (
        <div key={g.name}>
          <p className="px-3 text-xs font-semibold tracking-wide text-white/70 uppercase">
            {g.name}
          </p>
          <ul className="mt-1 space-y-0.5">
            {g.items.map((link) => {
              const current = isCurrentPage(pathname, link);
              const count = link.count ? (staff.counts?.[link.count] ?? 0) : 0;
              // The link keeps its name ("Orders"); the count is its description, so it is read
              // out without renaming the link.
              const countId = `${place}-count${link.to.replaceAll("/", "-")}`;
              return (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={current ? "page" : undefined}
                    aria-describedby={count > 0 ? countId : undefined}
                    className={`flex min-h-10 items-center justify-between gap-2 rounded-md px-3 font-medium lg:min-h-9 ${
                      current ? "bg-white text-primary-dark" : "text-white hover:bg-primary-dark"
                    }`}
                  >
                    {link.label}
                    {count > 0 ? (
                      <span
                        aria-hidden="true"
                        data-testid="nav-count"
                        className={`min-w-6 rounded-full px-2 text-center text-sm font-bold ${
                          current ? "bg-primary text-white" : "bg-white text-primary-dark"
                        }`}
                      >
                        {count}
                      </span>
                    ) : null}
                  </Link>
                  {count > 0 ? (
                    <span id={countId} hidden>
                      {`${count} waiting`}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * The back office's navigation: a sidebar on wide screens; on phones a menu
 * button under the top bar that opens the same list (a <details>, so it works before the
 * script loads) and closes after each navigation. Only the pages the person's role opens;
 * hidden when printing.
 */
export function AdminSidebar({ staff }: { staff: NavStaff }) {
  return (
    <nav
      aria-label="Admin"
      className="hidden w-56 shrink-0 bg-primary px-2 py-3 lg:block print:hidden"
    >
      {/* Scrolls by itself when taller than the window, so no link sits out of reach. */}
      <div className="sticky top-0 max-h-dvh overflow-y-auto py-1">
        <NavList staff={staff} place="side" />
      </div>
    </nav>
  );
}

export function AdminPhoneMenu({ staff }: { staff: NavStaff }) {
  const { pathname } = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  const { items } = visibleGroups(staff);
  const current = [...items]
    .sort((a, b) => b.to.length - a.to.length)
    .find((i) => (i.end ? pathname === i.to : pathname.startsWith(i.to)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes after each navigation.
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  return (
    <details
      ref={ref}
      className="border-t border-white/20 bg-primary text-white lg:hidden print:hidden"
    >
      <summary className="container-page flex min-h-11 cursor-pointer items-center justify-between font-semibold">
        <span>
          Menu
          <span className="font-normal text-white/80">{current ? ` · ${current.label}` : ""}</span>
        </span>
        <span aria-hidden="true">▾</span>
      </summary>
      <nav aria-label="Admin" className="container-page pb-3">
        <NavList staff={staff} place="phone" />
      </nav>
    </details>
  );
}

/**
 * The admin's own layout: a slim bar with the store's name
 * and logout, the sidebar beside the page on wide screens and a menu under the bar on phones.
 * No store header, cart or footer; printing shows the page alone.
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
        {/* Full width, aligned with the sidebar; one row on phones (decision 302). */}
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 sm:px-6 lg:px-5">
          <p className="font-bold">
            <Link to="/admin" className="inline-flex min-h-11 items-center">
              <span className="hidden sm:inline">{business.name} ·&nbsp;</span>Back office
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
        </div>
        {nav && staff ? <AdminPhoneMenu staff={staff} /> : null}
      </header>
      <div className="flex flex-1">
        {nav && staff ? <AdminSidebar staff={staff} /> : null}
        <main
          id="main"
          tabIndex={-1}
          className="min-w-0 flex-1 bg-surface focus:outline-none print:bg-white"
        >
          {children}
        </main>
      </div>
    </>
  );
}
