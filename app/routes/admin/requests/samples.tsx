/** /admin/samples: free sample requests to mail, new first, each with "mark handled". */

import { Form, useActionData, useLoaderData } from "react-router";
import { requestsQuerySchema } from "../../../../domain/people/admin-schema";
import { ActionMessage } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import {
  formatDateTime,
  noStoreHeaders,
  recordIdParam,
  requireAdmin,
} from "../../../components/admin/admin-route";
import { StatusTabs } from "../../../components/admin/status-tabs";
import { adminRecordAction, loadOrThrow } from "../../../lib/admin-route.server";
import { readQuery } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/samples";

export const meta = () => adminMeta("Sample requests");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "routes/admin/requests/samples.tsx");
  return loadOrThrow(context, async () => {
    const parsed = requestsQuerySchema.safeParse({ status: readQuery(request).status });
    const status = parsed.success ? parsed.data.status : "new";
    return {
      status,
      requests: await context.services.samples.list(status === "all" ? undefined : status),
    };
  });
}

export async function action(args: Route.ActionArgs) {
  return adminRecordAction(
    args,
    "routes/admin/requests/samples.tsx",
    null,
    async (form, { actor }) => {
      const id = recordIdParam(String(form.get("id") ?? ""));
      const done = await args.context.services.samples.markHandled(id, actor);
      return `Sample request ${done.reference} marked handled.`;
    },
  );
}

export default function AdminSamples() {
  const { status, requests } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">Sample requests</h1>
      <StatusTabs path="/admin/samples" status={status} label="Sample request status" />
      <ActionMessage result={result} />
      {requests.length === 0 ? (
        <p className="mt-8 text-muted">
          {status === "new" ? "No new sample requests." : "No sample requests here."}
        </p>
      ) : (
        <ul className="mt-6 space-y-3">
          {requests.map((r) => (
            <li key={r.id} className="card">
              <h2 className="font-semibold break-words">
                {r.reference} · {r.name}
              </h2>
              <p className="text-sm text-muted">
                {formatDateTime(r.createdAt)} · {r.status === "handled" ? "Handled" : "New"}
                {r.handledAt ? ` on ${formatDateTime(r.handledAt)}` : ""}
              </p>
              <p className="mt-2 break-words">
                {r.address}, {r.city}, FL {r.zipCode} ·{" "}
                <a href={`mailto:${r.email}`} className="text-primary underline">
                  {r.email}
                </a>
              </p>
              <ul className="mt-2 list-disc pl-5">
                {r.items.map((i) => (
                  <li key={`${i.productType}:${i.color}`}>{i.label}</li>
                ))}
              </ul>
              {r.status !== "handled" ? (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="id" value={r.id} />
                  <button type="submit" className="btn-secondary">
                    Mark {r.reference} handled
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading sample requests" />;
}
