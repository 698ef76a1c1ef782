import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter, NavLink } from "react-router";
import { describe, expect, it } from "vitest";
import { isCurrentPage } from "./admin-nav";
import { ADMIN_NAV } from "./admin-nav-items";

/** Where a person can be: every page of the sidebar, pages under them, and near misses. */
const PATHS = [
  "/admin",
  "/admin/",
  "/admin/orders",
  "/admin/orders/12",
  "/admin/orders/12/sheet",
  "/admin/Orders/12",
  "/admin/orders-archive",
  "/admin/ordersx/1",
  "/admin/visits/3",
  "/admin/purchase-orders/7",
  "/admin/quotes",
  "/admin/password",
  "/admin/two-factor",
  "/admin/two-factor/setup",
  "/admin/staff/",
  "/orders/ABC",
];

function navLinkIsCurrent(pathname: string, to: string, end: boolean): boolean {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={[pathname]}>
      <NavLink to={to} end={end}>
        x
      </NavLink>
    </MemoryRouter>,
  );
  return html.includes('aria-current="page"');
}

describe("isCurrentPage", () => {
  it("marks the same sidebar links current as React Router's NavLink does, on every path", () => {
    const ours: string[] = [];
    const navLinks: string[] = [];
    for (const pathname of PATHS) {
      for (const item of ADMIN_NAV) {
        if (isCurrentPage(pathname, item)) ours.push(`${pathname} → ${item.to}`);
        if (navLinkIsCurrent(pathname, item.to, item.end ?? false)) {
          navLinks.push(`${pathname} → ${item.to}`);
        }
      }
    }
    expect(ours).toEqual(navLinks);
    expect(ours).toContain("/admin/orders/12 → /admin/orders");
    expect(ours).not.toContain("/admin/orders/12 → /admin");
  });
});
