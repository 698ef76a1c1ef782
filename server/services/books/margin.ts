/**
 * What each job earned (DECISIONS "Profit per job"): for the orders completed in a period, the
 * revenue (total − tax), the product cost, the installers' time and the quote builder's
 * commission, per order with the totals, and the same money per product line, installer and
 * month for /admin/reports. The rules are domain/books/margin.ts; this reads and groups.
 */
import type { ReportPeriod } from "../../../domain/books/books-schema";
import {
  type CostLine,
  type MarginFigures,
  orderMargin,
  productCostCents,
  sumMargins,
  type VisitTime,
  visitLaborCents,
  visitMinutes,
} from "../../../domain/books/margin";
import { storeLocal, storeToday } from "../../../domain/scheduling/visit-time";
import {
  findQuoteBuilderOfOrder,
  listCompletedOrders,
  listCostLines,
  listCostLinesOfOrder,
  listDoneVisits,
  listDoneVisitsOfOrder,
  listItemValues,
  listQuoteBuilders,
  type MarginLineRow,
  type MarginVisitRow,
} from "../../db/repositories/books/margin";
import { findOrderById } from "../../db/repositories/orders/orders";
import type { Order } from "../../db/types";
import { AppError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { periodInstants } from "./reports";

export interface OrderMarginRow extends MarginFigures {
  orderId: number;
  orderNumber: number;
  /** Store date of the completion. */
  completedOn: string;
  /** Purchase-order lines with no cost known (none entered, none in the grid). */
  linesWithoutCost: number;
}

export interface ProductLineMargin {
  productType: string;
  revenueCents: number;
  productCostCents: number;
  /** revenue − product cost: before labor and commission, which are not per item. */
  marginCents: number;
}

export interface InstallerMargin {
  staffId: number | null;
  name: string;
  visits: number;
  minutes: number;
  laborCents: number;
  commissionCents: number;
}

export interface MonthMargin extends MarginFigures {
  /** YYYY-MM, store time. */
  month: string;
  orders: number;
}

export interface MarginReport {
  period: ReportPeriod;
  orders: OrderMarginRow[];
  totals: MarginFigures;
  productLines: ProductLineMargin[];
  installers: InstallerMargin[];
  months: MonthMargin[];
}

function costLine(l: MarginLineRow): CostLine {
  return {
    unitCostCents: l.unitCostCents,
    quantity: l.quantity,
    isRemake: l.isRemake,
    remakePaidBy: l.remakePaidBy,
  };
}

function visitTime(v: MarginVisitRow): VisitTime {
  return {
    onMyWayAt: v.onMyWayAt,
    arrivedAt: v.arrivedAt,
    doneAt: v.doneAt,
    hourlyCostCents: v.hourlyCostCents,
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** What an order's margin takes from the order itself. */
export interface OrderMarginFigures {
  totalCents: number;
  taxCents: number;
  paidCents: number;
  cancelUntil: string | null;
}

function figuresOfRow(order: Order | undefined): OrderMarginFigures {
  if (!order) throw new AppError("not_found", "Order not found.");
  return {
    totalCents: Number(order.total_cents),
    taxCents: Number(order.tax_cents),
    paidCents: Number(order.paid_cents),
    cancelUntil: order.cancel_until,
  };
}

export function createMarginService(deps: Pick<ServiceDeps, "db">) {
  const { db } = deps;

  return {
    async report(period: ReportPeriod, today = storeToday()): Promise<MarginReport> {
      const span = periodInstants(period);
      const [orders, lines, visits, builders, items] = await Promise.all([
        listCompletedOrders(db, span),
        listCostLines(db, span),
        listDoneVisits(db, span),
        listQuoteBuilders(db, span),
        listItemValues(db, span),
      ]);
      const linesOf = groupBy(lines, (l) => l.orderId);
      const visitsOf = groupBy(visits, (v) => v.orderId);
      const installers = new Map<string, InstallerMargin>();
      const installer = (staffId: number | null, name: string | null) => {
        const key = String(staffId);
        let row = installers.get(key);
        if (!row) {
          row = {
            staffId,
            name: name ?? "Nobody assigned",
            visits: 0,
            minutes: 0,
            laborCents: 0,
            commissionCents: 0,
          };
          installers.set(key, row);
        }
        return row;
      };
      const months = new Map<string, MonthMargin>();

      const rows = orders.map((o): OrderMarginRow => {
        const builder = builders.get(o.id);
        const figures = orderMargin({
          totalCents: o.totalCents,
          taxCents: o.taxCents,
          paidCents: o.paidCents,
          cancelUntil: o.cancelUntil,
          lines: (linesOf.get(o.id) ?? []).map(costLine),
          visits: (visitsOf.get(o.id) ?? []).map(visitTime),
          commissionBasisPoints: builder?.commissionBasisPoints ?? 0,
          today,
        });
        for (const v of visitsOf.get(o.id) ?? []) {
          const who = installer(v.staffId, v.staffName);
          who.visits++;
          who.minutes += visitMinutes(v);
          who.laborCents += visitLaborCents(visitTime(v));
        }
        if (builder && figures.commissionCents > 0) {
          installer(builder.staffId, builder.staffName).commissionCents += figures.commissionCents;
        }
        const completedOn = storeLocal(new Date(o.completedAt)).date;
        const month = completedOn.slice(0, 7);
        const m = months.get(month) ?? { month, orders: 0, ...sumMargins([]) };
        months.set(month, { ...sumMargins([m, figures]), month, orders: m.orders + 1 });
        return { orderId: o.id, orderNumber: o.orderNumber, completedOn, ...figures };
      });

      const productLines = new Map<string, ProductLineMargin>();
      const line = (productType: string) => {
        let row = productLines.get(productType);
        if (!row) {
          row = { productType, revenueCents: 0, productCostCents: 0, marginCents: 0 };
          productLines.set(productType, row);
        }
        return row;
      };
      for (const i of items) line(i.itemType).revenueCents += i.valueCents;
      for (const l of lines) {
        line(l.itemType).productCostCents += productCostCents([costLine(l)]).cents;
      }
      for (const row of productLines.values()) {
        row.marginCents = row.revenueCents - row.productCostCents;
      }

      return {
        period,
        orders: rows,
        totals: sumMargins(rows),
        productLines: [...productLines.values()].sort((a, b) =>
          a.productType.localeCompare(b.productType),
        ),
        installers: [...installers.values()].sort((a, b) => a.name.localeCompare(b.name)),
        months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)),
      };
    },

    /**
     * One order's margin, whatever its status. The order page passes what it already read: the
     * order's figures (`order`, so its row is not read again) and `hasPurchaseOrders: false`
     * (from its supply section) to skip reading purchase order lines that cannot exist.
     */
    async forOrder(
      orderId: number,
      today = storeToday(),
      options: { hasPurchaseOrders?: boolean; order?: OrderMarginFigures } = {},
    ) {
      const order = options.order ?? figuresOfRow(await findOrderById(db, orderId));
      const [lines, visits, builder] = await Promise.all([
        options.hasPurchaseOrders === false ? [] : listCostLinesOfOrder(db, orderId),
        listDoneVisitsOfOrder(db, orderId),
        findQuoteBuilderOfOrder(db, orderId),
      ]);
      return orderMargin({
        ...order,
        lines: lines.map(costLine),
        visits: visits.map(visitTime),
        commissionBasisPoints: builder?.commissionBasisPoints ?? 0,
        today,
      });
    },
  };
}

export type MarginService = ReturnType<typeof createMarginService>;
