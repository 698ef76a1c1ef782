/** /admin/messages: the contact-form inbox, new messages first. */
import { Link, useLoaderData } from "react-router";
import { messagesQuerySchema } from "../../../../domain/people/admin-schema";
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
import type { Route } from "./+types/messages";

export const meta = () => adminMeta("Messages");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "routes/admin/requests/messages.tsx");
  return loadOrThrow(context, async () => {
    const parsed = messagesQuerySchema.safeParse({ status: readQuery(request).status });
    const status = parsed.success ? parsed.data.status : "new";
    return { status, messages: await context.services.admin.listMessages(status) };
  });
}

export default function AdminMessages() {
  const { status, messages } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">Messages</h1>
      <StatusTabs path="/admin/messages" status={status} label="Message status" />
      {messages.length === 0 ? (
        <p className="mt-8 text-muted">
          {status === "new" ? "No new messages." : "No messages here."}
        </p>
      ) : (
        <ul className="mt-6 space-y-3">
          {messages.map((m) => (
            <li key={m.id} className="card">
              <h2 className="font-semibold break-words">
                <Link
                  to={`/admin/messages/${m.id}`}
                  className="inline-flex min-h-11 items-center text-primary underline"
                >
                  {m.subject}
                </Link>
              </h2>
              <p className="text-sm text-muted">
                {m.firstName} {m.lastName} · {formatDateTime(m.createdAt)} ·{" "}
                {m.status === "handled" ? "Handled" : "New"}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading messages" />;
}
