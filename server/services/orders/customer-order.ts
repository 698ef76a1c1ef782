/**
 * What the customer sees of his job, on /orders/REFERENCE, its receipt and /account: the next visit
 * (kind, date, window, the installer's first name), every payment and the balance or the refund
 * due, each adjustment after measuring in words, and the receipt's link. Read by the order's
 * reference, the customer's key; the visit through the visits repository, the one list of
 * visits wherever they were booked.
 */
import {
  formatTimeWindow,
  formatVisitDate,
  storeToday,
  VISIT_KIND_LABELS,
  type VisitKind,
} from "../../../domain/scheduling/visit-time";
import { formatInches } from "../../../domain/shared/dimensions";
import { formatMoney } from "../../../domain/shared/money";
import type { Db } from "../../db/database";
import { findOrderEvents } from "../../db/repositories/orders/order-events";
import { findOrderByReference } from "../../db/repositories/orders/orders";
import { findPaymentsForOrder } from "../../db/repositories/orders/payments";
import { findStaffById } from "../../db/repositories/people/staff";
import { findNextVisit } from "../../db/repositories/scheduling/visits";
import type { Order } from "../../db/types";
import type { ServiceDeps } from "../deps";
import { type PaymentSummary, type PaymentView, summarizePayments } from "./payments-summary";

export interface CustomerVisit {
  kind: VisitKind;
  kindLabel: string;
  date: string;
  start: string;
  end: string;
  /** "Tue, Dec 2, 9:00 AM–11:00 AM" */
  words: string;
  /** Only the first name: the customer knows who comes, not the installer's whole name. */
  installerFirstName: string | null;
}

export interface CustomerAdjustment {
  at: string;
  /** "Kitchen left: 36 3/8" × 48" → 48" × 48", $129.56 → $80.00 each; total $82.51 → $178.36" */
  words: string;
  reason: string;
}

/** The payments as the customer sees them: not who recorded them, nor the office's notes. */
export type CustomerPayments = Omit<PaymentSummary, "payments"> & {
  payments: Omit<PaymentView, "recordedBy" | "note">[];
};

export interface CustomerOrderStory {
  nextVisit: CustomerVisit | null;
  payments: CustomerPayments;
  adjustments: CustomerAdjustment[];
  /** The customer's receipt page, reached with the order's reference. */
  receiptPath: string;
}

interface AdjustmentDetails {
  reason?: string;
  optionChanges?: string[];
  before?: {
    width?: number;
    height?: number;
    quantity?: number;
    unitCents?: number;
    totalCents?: number;
  };
  after?: {
    width?: number;
    height?: number;
    quantity?: number;
    unitCents?: number;
    totalCents?: number;
  };
}

function sizeWords(width: number | undefined, height: number | undefined): string {
  if (width === undefined) return "";
  return height
    ? `${formatInches(width)} × ${formatInches(height)}`
    : `${formatInches(width)} wide`;
}

/** One adjustment's history line in the customer's words: old → new size and price, and why. */
export function adjustmentWords(item: string, details: AdjustmentDetails): string {
  const { before = {}, after = {} } = details;
  const parts: string[] = [];
  if (before.width !== after.width || before.height !== after.height) {
    parts.push(
      `${sizeWords(before.width, before.height)} → ${sizeWords(after.width, after.height)}`,
    );
  }
  if (before.quantity !== after.quantity && after.quantity !== undefined) {
    parts.push(`quantity ${before.quantity} → ${after.quantity}`);
  }
  parts.push(...(details.optionChanges ?? []));
  if (
    before.unitCents !== undefined &&
    after.unitCents !== undefined &&
    before.unitCents !== after.unitCents
  ) {
    parts.push(`${formatMoney(before.unitCents)} → ${formatMoney(after.unitCents)} each`);
  }
  const total =
    before.totalCents !== undefined && after.totalCents !== undefined
      ? `; order total ${formatMoney(before.totalCents)} → ${formatMoney(after.totalCents)}`
      : "";
  return `${item}: ${parts.join(", ") || "no change"}${total}`;
}

/** The item's words from the history line ("Adjusted after measuring: Vinyl (Kitchen): …"). */
function itemOfSummary(summary: string): string {
  const rest = summary.replace(/^Adjusted after measuring: /, "");
  const colon = rest.indexOf(": ");
  return colon > 0 ? rest.slice(0, colon) : "An item";
}

async function nextVisitOf(db: Db, order: Order): Promise<CustomerVisit | null> {
  if (order.status === "completed" || order.status === "cancelled") return null;
  const row = await findNextVisit(db, order.id, storeToday());
  if (!row) return null;
  const staff = row.staff_id === null ? null : await findStaffById(db, row.staff_id);
  return {
    kind: row.kind,
    kindLabel: VISIT_KIND_LABELS[row.kind] ?? "Visit",
    date: row.visit_date,
    start: row.start_time,
    end: row.end_time,
    words: `${formatVisitDate(row.visit_date)}, ${formatTimeWindow(row.start_time, row.end_time)}`,
    installerFirstName: staff?.name.trim().split(/\s+/)[0] ?? null,
  };
}

/** The story of one order already read. */
export async function customerOrderStory(db: Db, order: Order): Promise<CustomerOrderStory> {
  const [nextVisit, payments, events] = await Promise.all([
    nextVisitOf(db, order),
    findPaymentsForOrder(db, order.id),
    findOrderEvents(db, order.id),
  ]);
  const adjustments = events
    .filter((e) => e.kind === "adjustment")
    .map((e): CustomerAdjustment => {
      let details: AdjustmentDetails = {};
      try {
        details = JSON.parse(e.details) as AdjustmentDetails;
      } catch {
        // An unreadable line still says that something changed.
      }
      return {
        at: e.created_at,
        words: adjustmentWords(itemOfSummary(e.summary), details),
        reason: details.reason ?? "",
      };
    });
  const summary = summarizePayments(order, payments);
  return {
    nextVisit,
    payments: {
      ...summary,
      payments: summary.payments.map(({ recordedBy: _by, note: _note, ...p }) => p),
    },
    adjustments,
    receiptPath: `/orders/${encodeURIComponent(order.reference)}/receipt`,
  };
}

export function createCustomerOrderService(deps: ServiceDeps) {
  const { db } = deps;
  return {
    /** The order's story by its reference, or null when there is no such order. */
    async byReference(reference: string): Promise<(CustomerOrderStory & { order: Order }) | null> {
      const order = await findOrderByReference(db, reference.trim().toUpperCase());
      if (!order) return null;
      return { order, ...(await customerOrderStory(db, order)) };
    },
  };
}

export type CustomerOrderService = ReturnType<typeof createCustomerOrderService>;
