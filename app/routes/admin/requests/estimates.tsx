/** /admin/estimates: free in-home estimate requests, new first. */
import { Link, useLoaderData } from "react-router";
import { requestsQuerySchema } from "../../../../domain/people/admin-schema";
import { AdminError } from "../../../components/admin/admin-error";
import {
  formatDateTime,
  noStoreHeaders,
  requireAdmin,
} from "../../../components/admin/admin-route";
import { StatusTabs } from "../../../components/admin/status-tabs";
import { loadOrThrow } from "../../../lib/admin-route.server";
import { readQuery } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/estimates";

export const meta = () => adminMeta("Estimate requests");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "routes/admin/requests/estimates.tsx");
  return loadOrThrow(context, async () => {
    const parsed = requestsQuerySchema.safeParse({ status: readQuery(request).status });
    const status = parsed.success ? parsed.data.status : "new";
    return {
      status,
      requests: await context.services.estimates.list(status === "all" ? undefined : status),
    };
  });
}

export default function AdminEstimates() {
  const { status, requests } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">Estimate requests</h1>
      <StatusTabs path="/admin/estimates" status={status} label="Estimate request status" />
      {requests.length === 0 ? (
        <p className="mt-8 text-muted">
          {status === "new" ? "No new estimate requests." : "No estimate requests here."}
        </p>
      ) : (
        <ul className="mt-6 space-y-3">
          {requests.map((r) => (
            <li key={r.id} className="card">
              <h2 className="font-semibold break-words">
                <Link
                  to={`/admin/estimates/${r.id}`}
                  className="inline-flex min-h-11 items-center text-primary underline"
                >
                  {r.reference} · {r.firstName} {r.lastName}, {r.city}
                </Link>
              </h2>
              <p className="text-sm text-muted">
                {formatDateTime(r.createdAt)} · {r.windowCount} window
                {r.windowCount === 1 ? "" : "s"} · {r.photoCount} photo
                {r.photoCount === 1 ? "" : "s"} · {r.status === "handled" ? "Handled" : "New"}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading estimate requests" />;
}
