/** The margin report on the wire (GET /api/admin/reports/margin): dollars, as DECISIONS says. */
import type { MarginFigures } from "../../../domain/books/margin";
import { centsToAmount } from "../../../domain/shared/money";
import type { MarginReport } from "../../services/books/margin";

const $ = centsToAmount;

export function marginFiguresToJson(f: MarginFigures) {
  return {
    revenue: $(f.revenueCents),
    productCost: $(f.productCostCents),
    labor: $(f.laborCents),
    commission: $(f.commissionCents),
    margin: $(f.marginCents),
  };
}

export function marginReportToJson(r: MarginReport) {
  return {
    from: r.period.from,
    to: r.period.to,
    orders: r.orders.map((o) => ({
      orderNumber: o.orderNumber,
      orderId: o.orderId,
      completedOn: o.completedOn,
      ...marginFiguresToJson(o),
      linesWithoutCost: o.linesWithoutCost,
    })),
    totals: marginFiguresToJson(r.totals),
    productLines: r.productLines.map((p) => ({
      productType: p.productType,
      revenue: $(p.revenueCents),
      productCost: $(p.productCostCents),
      margin: $(p.marginCents),
    })),
    installers: r.installers.map((i) => ({
      staffId: i.staffId,
      name: i.name,
      visits: i.visits,
      minutes: i.minutes,
      labor: $(i.laborCents),
      commission: $(i.commissionCents),
    })),
    months: r.months.map((m) => ({ month: m.month, orders: m.orders, ...marginFiguresToJson(m) })),
  };
}
