/**
 * The back office's pages as data: one line per page, so another page joins the
 * sidebar with one line. `needs` is the permission that opens it (domain/permissions.ts);
 * `group` is the sidebar heading it sits under, in the order the groups first appear.
 */
import type { Permission } from "../../../domain/people/permissions";
import type { InboxCounts } from "../../../server/db/repositories/orders/dashboard";

/** Which of the inboxes' counts a link shows beside its label. */
export type NavCountKey = keyof InboxCounts;

export interface AdminNavItem {
  to: string;
  label: string;
  /** Current only on exactly this path (the dashboard), not on the pages under it. */
  end?: boolean;
  needs: Permission;
  group: "Work" | "Customers" | "Store" | "Team" | "You";
  /** The count shown beside the label (what waits there), when there is one. */
  count?: NavCountKey;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", end: true, needs: "dashboard", group: "Work" },
  {
    to: "/admin/orders",
    label: "Orders",
    needs: "orders",
    group: "Work",
    count: "awaitingConfirmation",
  },
  { to: "/admin/visits", label: "My visits", needs: "field-work", group: "Work" },
  { to: "/admin/quotes", label: "Quotes", needs: "quotes", group: "Work" },
  { to: "/admin/schedule", label: "Schedule", needs: "field-work", group: "Work" },
  { to: "/admin/storm-days", label: "Storm days", needs: "orders", group: "Work" },
  { to: "/admin/purchase-orders", label: "Purchase orders", needs: "purchasing", group: "Work" },
  {
    to: "/admin/messages",
    label: "Messages",
    needs: "messages",
    group: "Customers",
    count: "newMessages",
  },
  {
    to: "/admin/texts",
    label: "Texts",
    needs: "field-work",
    group: "Customers",
    count: "unreadTexts",
  },
  {
    to: "/admin/samples",
    label: "Samples",
    needs: "requests",
    group: "Customers",
    count: "newSamples",
  },
  {
    to: "/admin/estimates",
    label: "Estimates",
    needs: "requests",
    group: "Customers",
    count: "newEstimates",
  },
  {
    to: "/admin/reviews",
    label: "Reviews",
    needs: "reviews",
    group: "Customers",
    count: "pendingReviews",
  },
  { to: "/admin/catalog", label: "Catalog", needs: "catalog", group: "Store" },
  { to: "/admin/reports", label: "Reports", needs: "books", group: "Store" },
  { to: "/admin/staff", label: "Staff", needs: "staff", group: "Team" },
  { to: "/admin/audit", label: "Audit log", needs: "audit", group: "Team" },
  { to: "/admin/security", label: "Security", needs: "settings", group: "Team" },
  { to: "/admin/settings", label: "Settings", needs: "settings", group: "Team" },
  { to: "/admin/password", label: "My password", needs: "self", group: "You" },
  { to: "/admin/two-factor", label: "Two-factor", needs: "self", group: "You" },
];
