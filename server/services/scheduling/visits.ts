/**
 * Measurement and installation visits: schedule, move, cancel or mark
 * done; the customer's emailed invite; the schedule's week; the status page's next visit; and
 * each staff member's private calendar feed.
 */
import { type ServiceDeps, withDeps } from "../deps";
import { calendarFeed } from "./visits/calendar-feed";
import { createCalendarFeed } from "./visits/create-calendar-feed";
import { findVisit } from "./visits/find-visit";
import { nextVisitForReference } from "./visits/next-visit-for-reference";
import { revokeCalendarFeed } from "./visits/revoke-calendar-feed";
import { scheduleVisit } from "./visits/schedule-visit";
import { changeVisit, listVisits, nextVisit, visitsForOrder } from "./visits/shared";
import { updateVisit } from "./visits/update-visit";

export {
  flagOverlaps,
  hashFeedToken,
  type NextVisit,
  toView,
  type VisitChanger,
  type VisitView,
  visitLabel,
} from "./visits/shared";

export function createVisitService(deps: ServiceDeps) {
  return {
    listVisits: withDeps(deps, listVisits),
    visitsForOrder: withDeps(deps, visitsForOrder),
    nextVisit: withDeps(deps, nextVisit),
    nextVisitForReference: withDeps(deps, nextVisitForReference),
    scheduleVisit: withDeps(deps, scheduleVisit),
    changeVisit: withDeps(deps, changeVisit),
    findVisit: withDeps(deps, findVisit),
    updateVisit: withDeps(deps, updateVisit),
    createCalendarFeed: withDeps(deps, createCalendarFeed),
    revokeCalendarFeed: withDeps(deps, revokeCalendarFeed),
    calendarFeed: withDeps(deps, calendarFeed),
  };
}

export type VisitService = ReturnType<typeof createVisitService>;
