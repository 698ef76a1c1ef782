/** /admin/orders: the orders list alone (the dashboard at /admin shows it under its figures). */
import { useLoaderData } from "react-router";
import { ADMIN_PAGE_SIZE, ordersQuerySchema } from "../../../../domain/people/admin-schema";
import { AdminError } from "../../../components/admin/admin-error";
import { noStoreHeaders, requireAdmin } from "../../../components/admin/admin-route";
import { OrdersList } from "../../../components/orders/admin/orders-list";
import { loadOrThrow } from "../../../lib/admin-route.server";
import { readQuery } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "routes/admin/orders/orders.tsx");
  return loadOrThrow(context, () => {
    const parsed = ordersQuerySchema.safeParse(readQuery(request));
    const query = parsed.success ? parsed.data : { page: 1, pageSize: ADMIN_PAGE_SIZE };
    return context.services.admin.listOrders({ ...query, pageSize: ADMIN_PAGE_SIZE });
  });
}

export const meta = () => adminMeta("Orders");

export const headers = noStoreHeaders;

export default function AdminOrders() {
  const page = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-8">
      <OrdersList
        page={page}
        basePath="/admin/orders"
        title={<h1 className="text-3xl font-bold">Orders</h1>}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading orders" />;
}
