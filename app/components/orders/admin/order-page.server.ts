/**
 * What the order page (/admin/orders/:id) loads, and only what it shows: the
 * order is read once and its items serve the items, payments and supplier-order sections; the
 * document carries the fields the sections render, not the API's whole views (no staff emails,
 * no purchase order's supplier email or line details, no visit's customer fields (the order
 * shows them once), none of the orders list's summary fields).
 */
import type { PageServices } from "../../../../server/load-context";
import type { AdminOrderDetail } from "../../../../server/services/orders/admin-orders";
import type { StaffView } from "../../../../server/services/people/staff";
import type { PurchaseOrderView } from "../../../../server/services/purchasing/purchase-orders";
import type { VisitView } from "../../../../server/services/scheduling/visits";
import type { SupplyView } from "../../purchasing/order-supply";
import type { BookableStaff, OrderVisit } from "./order-visits";

/** The order without the orders list's fields the page does not show. */
function shownOrder(order: AdminOrderDetail) {
  const {
    updated_at: _updated,
    status_label: _label,
    customer_address: _address,
    item_count: _count,
    balance_cents: _balance,
    next_visit: _nextVisit,
    first_name: _first,
    last_name: _last,
    visit_window: _window,
    ...shown
  } = order;
  return shown;
}

/** The people a visit can be booked with: the active ones, by name and role. */
function bookableStaff(people: readonly StaffView[]): BookableStaff[] {
  return people.filter((p) => p.active).map(({ id, name, roleLabel }) => ({ id, name, roleLabel }));
}

/** A visit as the page shows it (not the schedule's customer and order fields). */
function shownVisit(v: VisitView): OrderVisit {
  const { id, kindLabel, when, status, statusLabel, date, start, end, staffId, staffName } = v;
  return {
    id,
    kindLabel,
    when,
    status,
    statusLabel,
    date,
    start,
    end,
    staffId,
    staffName,
    overlapsWith: v.overlapsWith,
  };
}

/** A purchase order as the supply section lists it. */
function shownPurchaseOrder(po: PurchaseOrderView): SupplyView["purchaseOrders"][number] {
  return {
    id: po.id,
    poLabel: po.poLabel,
    supplierName: po.supplierName,
    statusLabel: po.statusLabel,
    overdue: po.overdue,
    expectedShipDate: po.expectedShipDate,
    items: po.items.map(({ itemId, quantity, receivedQuantity }) => ({
      itemId,
      quantity,
      receivedQuantity,
    })),
  };
}

/** `margin`: what the order earned (the books', for owners) is read too. */
export async function loadOrderPage(
  services: PageServices,
  id: number,
  options: { margin: boolean },
) {
  const { admin, visits, payments, staff, timeline, purchaseOrders, margins } = services;
  const order = await admin.getOrder(id);
  const [orderVisits, summary, people, events, supply] = await Promise.all([
    visits.visitsForOrder(id),
    payments.paymentSummaryOf(order),
    staff.listStaff(),
    timeline.orderEvents(id),
    purchaseOrders.orderSupply(order),
  ]);
  const margin = options.margin
    ? await margins.forOrder(id, undefined, {
        hasPurchaseOrders: supply.purchaseOrders.length > 0,
        order: {
          totalCents: order.total_cents,
          taxCents: order.tax_cents,
          paidCents: order.total_cents - order.balance_cents,
          cancelUntil: order.cancel_until,
        },
      })
    : null;
  return {
    order: shownOrder(order),
    visits: orderVisits.map(shownVisit),
    payments: summary,
    staff: bookableStaff(people),
    events,
    supply: { ...supply, purchaseOrders: supply.purchaseOrders.map(shownPurchaseOrder) },
    margin,
  };
}
