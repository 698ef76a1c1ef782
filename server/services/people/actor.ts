/**
 * Who made a change in the back office. Every change (visits, payments, adjustments, status,
 * the audit log) carries one: the signed-in person's name at the time and staff id (decision
 * 160); `{ label: "system", staffId: null }` for the store itself (audit.ts SYSTEM_ACTOR).
 */
export interface Actor {
  label: string;
  staffId: number | null;
}

/** The actor of a change made by the signed-in person (the API's and the pages' session). */
export function actorOf(session: { staffId: number; name: string }): Actor {
  return { label: session.name, staffId: session.staffId };
}
