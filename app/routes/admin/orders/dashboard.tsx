/**
 * /admin (index): the dashboard above the spec's orders list, which keeps its
 * states 'Loading orders...', 'Error loading orders' and 'No Orders Yet'. An installer sees his
 * own visits instead.
 */
import { useLoaderData } from "react-router";
import { ADMIN_PAGE_SIZE, ordersQuerySchema } from "../../../../domain/people/admin-schema";
import { roleHas } from "../../../../domain/people/permissions";
import { AdminError } from "../../../components/admin/admin-error";
import { noStoreHeaders, requireAdmin } from "../../../components/admin/admin-route";
import {
  DashboardPanels,
  LEADS_SHOWN,
  LeadsPanel,
  OwnVisitsPanels,
} from "../../../components/orders/admin/dashboard-panels";
import { OrdersList } from "../../../components/orders/admin/orders-list";
import { SupplyPanel } from "../../../components/purchasing/supply-panel";
import { QuoteFigures } from "../../../components/sales/quote-figures";
import { BookingClosedNotice } from "../../../components/scheduling/booking-closed-notice";
import { loadOrThrow } from "../../../lib/admin-route.server";
import { readQuery } from "../../../lib/form-input.server";
import type { Route } from "./+types/dashboard";

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context, "routes/admin/orders/dashboard.tsx");
  const { fieldAccess, dashboard } = context.services;
  if (fieldAccess.ownVisitsOnly(session)) {
    return {
      own: await dashboard.ownVisits(session.staffId),
      figures: null,
      page: null,
      supply: null,
      quotes: null,
      leads: null,
      bookingClosed: null,
    };
  }
  return loadOrThrow(context, async () => {
    const parsed = ordersQuerySchema.safeParse(readQuery(request));
    const query = parsed.success ? parsed.data : { page: 1, pageSize: ADMIN_PAGE_SIZE };
    const { admin } = context.services;
    const requests = roleHas(session.role, "requests");
    const [figures, page, supply, quotes, bookingOpen, estimates, samples] = await Promise.all([
      dashboard.dashboard(),
      admin.listOrders({ ...query, pageSize: ADMIN_PAGE_SIZE }),
      roleHas(session.role, "purchasing") ? context.services.purchaseOrders.dashboardLists() : null,
      roleHas(session.role, "figures") ? context.services.quotes.summary() : null,
      context.services.booking.isOpen(),
      requests ? context.services.estimates.list("new") : null,
      requests ? context.services.samples.list("new") : null,
    ]);
    const bookingClosed = bookingOpen ? null : { canSetHours: roleHas(session.role, "staff") };
    // The newest few of each, as leads to call; the inbox pages list them all.
    const leads =
      estimates && samples
        ? {
            estimates: estimates.slice(0, LEADS_SHOWN).map((e) => ({
              id: e.id,
              name: `${e.firstName} ${e.lastName}`,
              city: e.city,
              phone: e.phone,
              windowCount: e.windowCount,
              photoCount: e.photoCount,
              createdAt: e.createdAt,
            })),
            samples: samples.slice(0, LEADS_SHOWN).map((r) => ({
              id: r.id,
              name: r.name,
              city: r.city,
              items: r.items.map((i) => i.label),
              createdAt: r.createdAt,
            })),
          }
        : null;
    return { own: null, figures, page, supply, quotes, bookingClosed, leads };
  });
}

export default function AdminDashboard() {
  const { own, figures, page, supply, quotes, bookingClosed, leads } =
    useLoaderData<typeof loader>();
  if (own || !figures || !page) {
    return (
      <div className="container-page space-y-8 py-8">
        <h1 className="text-3xl font-bold">My visits</h1>
        {own ? <OwnVisitsPanels data={own} /> : null}
      </div>
    );
  }
  return (
    <div className="container-page space-y-8 py-8">
      <h1 className="text-3xl font-bold">Dashboard</h1>
      {bookingClosed ? <BookingClosedNotice canSetHours={bookingClosed.canSetHours} /> : null}
      <DashboardPanels
        data={figures}
        leads={
          leads ? (
            <LeadsPanel
              leads={leads}
              counts={{ estimates: figures.newEstimates, samples: figures.newSamples }}
            />
          ) : null
        }
      />
      {quotes ? <QuoteFigures figures={quotes} /> : null}
      {supply ? <SupplyPanel supply={supply} /> : null}
      <section aria-labelledby="orders-title">
        <OrdersList
          page={page}
          basePath="/admin"
          title={
            <h2 id="orders-title" className="text-2xl font-bold">
              Orders
            </h2>
          }
        />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading orders" />;
}
