/**
 * Who made a change in the back office. Every change recorded by issue 11 (visits, payments,
 * adjustments, status) carries one; today the single admin password means `{ label: "admin",
 * staffId: null }`, and staff accounts (issue 12) will pass their own id.
 */
export interface Actor {
  label: string;
  staffId: number | null;
}

export const ADMIN_ACTOR: Actor = { label: "admin", staffId: null };
