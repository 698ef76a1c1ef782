/**
 * Who made a change in the back office. Every change (visits, payments, adjustments, status,
 * the audit log) carries one: the signed-in person's name at the time and staff id (decision
 * 160); `{ label: "system", staffId: null }` for the store itself (audit.ts SYSTEM_ACTOR).
 */
export interface Actor {
  label: string;
  staffId: number | null;
  /** The signed-in person's role; absent for the store itself and scripts. */
  role?: string;
}

/** The actor of a change made by the signed-in person (the API's and the pages' session). */
export function actorOf(session: { staffId: number; name: string; role?: string }): Actor {
  return session.role === undefined
    ? { label: session.name, staffId: session.staffId }
    : { label: session.name, staffId: session.staffId, role: session.role };
}

/**
 * Refunds are for owners and office: a signed-in person of another role (an
 * installer) is refused; the store itself (no role) may.
 */
export function mayRefund(actor: Actor): boolean {
  return actor.role === undefined || actor.role === "owner" || actor.role === "office";
}
