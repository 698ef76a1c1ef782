/**
 * /admin's dashboard: today's and this week's visits, orders awaiting
 * confirmation, the balance outstanding, orders and revenue per week for 12 weeks, and what
 * waits in the reviews and messages inboxes. Weeks run Monday to Sunday in the store's time.
 */
import {
  addDays,
  startOfWeek,
  storeTimeToUtc,
  storeToday,
} from "../../../domain/scheduling/visit-time";
import {
  type InboxCounts,
  inboxCounts,
  listInstalledBalanceDue,
  listRefundsDue,
  ordersPerHour,
  outstandingBalance,
  paymentsPerHour,
} from "../../db/repositories/orders/dashboard";
import type { ServiceDeps } from "../deps";
import type { VisitService, VisitView } from "../scheduling/visits";

export const DASHBOARD_WEEKS = 12;
/** The week's visits listed on the dashboard; the schedule shows them all. */
export const DASHBOARD_VISITS = 30;
/** How far past this week an installer's home looks for what comes next, and how many it lists. */
export const UPCOMING_DAYS = 56;
export const UPCOMING_VISITS = 10;

/**
 * Index of the week holding a UTC hour "YYYY-MM-DDTHH", or -1; `bounds` are the weeks' first
 * hours in UTC in the same format (local midnight is a whole UTC hour), so text comparison
 * decides.
 */
function weekOfHour(hour: string, bounds: readonly string[]): number {
  let index = -1;
  for (const bound of bounds) {
    if (hour < bound) break;
    index++;
  }
  return index;
}

export interface WeekFigures {
  /** Monday, YYYY-MM-DD. */
  weekStart: string;
  orders: number;
  /** Value of the orders placed that week (cancelled ones left out). */
  orderValueCents: number;
  /** Money received that week, refunds netted. */
  revenueCents: number;
}

/** An installer's dashboard: his own visits today and this week, no business figures. */
export interface OwnVisitsDashboard {
  today: string;
  weekStart: string;
  todaysVisits: VisitView[];
  /** The first DASHBOARD_VISITS of the week's visits; weeksVisitCount says how many in all. */
  weeksVisits: VisitView[];
  weeksVisitCount: number;
}

/** An installer's home: his week, and the next visits after it so an empty week is not a dead end. */
export interface InstallerHome extends OwnVisitsDashboard {
  /** His first UPCOMING_VISITS visits after this week (within UPCOMING_DAYS), soonest first. */
  upcoming: VisitView[];
}

/** The owner's dashboard: everyone's visits, the business figures and the inboxes' counts. */
export interface Dashboard extends OwnVisitsDashboard, InboxCounts {
  outstanding: { amountCents: number; orders: number };
  weeks: WeekFigures[];
  /** Installed, balance due: closed out with money left due, and the installer's reason. */
  installedBalanceDue: {
    orderId: number;
    orderNumber: number;
    balanceDueCents: number;
    reason: string | null;
  }[];
  /** Refund due: money the store owes back (a cancelled order that was paid, an overpayment). */
  refundsDue: { orderId: number; orderNumber: number; status: string; refundDueCents: number }[];
}

/** The week's visits as a dashboard shows them: the cancelled ones left out. */
function visitsOfTheWeek(
  today: string,
  weekStart: string,
  week: readonly VisitView[],
): OwnVisitsDashboard {
  const live = week.filter((v) => v.status !== "cancelled");
  return {
    today,
    weekStart,
    todaysVisits: live.filter((v) => v.date === today),
    weeksVisits: live.slice(0, DASHBOARD_VISITS),
    weeksVisitCount: live.length,
  };
}

export function createDashboardService(deps: ServiceDeps, visits: VisitService) {
  const { db } = deps;
  return {
    async dashboard(now: Date = new Date()): Promise<Dashboard> {
      const today = storeToday(now);
      const weekStart = startOfWeek(today);
      const firstWeek = addDays(weekStart, -7 * (DASHBOARD_WEEKS - 1));
      const starts = Array.from({ length: DASHBOARD_WEEKS }, (_, i) => addDays(firstWeek, 7 * i));
      const bounds = starts.map((d) => storeTimeToUtc(d, "00:00").toISOString().slice(0, 13));
      const from = storeTimeToUtc(firstWeek, "00:00").toISOString();
      const [week, counts, outstanding, orderHours, paymentHours, installedBalanceDue, refundsDue] =
        await Promise.all([
          visits.listVisits({ from: weekStart, to: addDays(weekStart, 6) }),
          inboxCounts(db),
          outstandingBalance(db),
          ordersPerHour(db, from),
          paymentsPerHour(db, from),
          listInstalledBalanceDue(db),
          listRefundsDue(db),
        ]);
      const weeks: WeekFigures[] = starts.map((weekStart) => ({
        weekStart,
        orders: 0,
        orderValueCents: 0,
        revenueCents: 0,
      }));
      for (const h of orderHours) {
        const w = weeks[weekOfHour(h.hour, bounds)];
        if (w) {
          w.orders += h.orders;
          w.orderValueCents += h.valueCents;
        }
      }
      for (const h of paymentHours) {
        const w = weeks[weekOfHour(h.hour, bounds)];
        if (w) w.revenueCents += h.cents;
      }
      return {
        ...visitsOfTheWeek(today, weekStart, week),
        ...counts,
        outstanding: { amountCents: outstanding.cents, orders: outstanding.orders },
        weeks,
        installedBalanceDue,
        refundsDue,
      };
    },

    /** The sidebar's counts (every back-office page): one statement, never cached. */
    inboxCounts(): Promise<InboxCounts> {
      return inboxCounts(db);
    },

    async ownVisits(staffId: number, now: Date = new Date()): Promise<InstallerHome> {
      const today = storeToday(now);
      const weekStart = startOfWeek(today);
      const nextWeek = addDays(weekStart, 7);
      const [week, later] = await Promise.all([
        visits.listVisits({ from: weekStart, to: addDays(weekStart, 6), staffId }),
        visits.listVisits({ from: nextWeek, to: addDays(nextWeek, UPCOMING_DAYS - 1), staffId }),
      ]);
      return {
        ...visitsOfTheWeek(today, weekStart, week),
        upcoming: later.filter((v) => v.status !== "cancelled").slice(0, UPCOMING_VISITS),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
