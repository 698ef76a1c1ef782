/** /admin/messages/:messageId: one contact message, with "mark handled". */

import { Link, useActionData, useLoaderData } from "react-router";
import { ActionMessage } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import { formatDateTime, noStoreHeaders } from "../../../components/admin/admin-route";
import { MarkHandled } from "../../../components/admin/mark-handled";
import { adminRecord, adminRecordAction, loadOrThrow } from "../../../lib/admin-route.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/message";

export const meta = () => adminMeta("Message");

export const headers = noStoreHeaders;

const PAGE = "routes/admin/requests/message.tsx";

export async function loader(args: Route.LoaderArgs) {
  const { id } = await adminRecord(args, PAGE, "messageId");
  return loadOrThrow(args.context, () => args.context.services.admin.getMessage(id));
}

export async function action(args: Route.ActionArgs) {
  return adminRecordAction(args, PAGE, "messageId", async (_form, { actor, id }) => {
    await args.context.services.admin.markMessageHandled(id, actor);
    return "Marked as handled.";
  });
}

const CONTACT_METHODS: Record<string, string> = {
  email: "Email",
  phone: "Phone call",
  text: "Text message",
};

export default function AdminMessage() {
  const m = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="container-page py-8">
      <Link
        to="/admin/messages"
        className="inline-flex min-h-11 items-center text-primary underline"
      >
        Back to messages
      </Link>
      <h1 className="mt-2 text-3xl font-bold break-words">{m.subject}</h1>
      <p className="text-muted">
        {formatDateTime(m.createdAt)} · {m.status === "handled" ? "Handled" : "New"}
        {m.handledAt ? ` on ${formatDateTime(m.handledAt)}` : ""}
      </p>
      <ActionMessage result={result} />
      <div className="card mt-6">
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">From</dt>
          <dd>
            {m.firstName} {m.lastName}
          </dd>
          <dt className="font-medium">Email</dt>
          <dd className="break-all">
            <a href={`mailto:${m.email}`} className="text-primary underline">
              {m.email}
            </a>
          </dd>
          <dt className="font-medium">Phone</dt>
          <dd>
            {m.phone ? (
              <a href={`tel:${m.phone.replace(/[^\d+]/g, "")}`} className="text-primary underline">
                {m.phone}
              </a>
            ) : (
              "Not given"
            )}
          </dd>
          <dt className="font-medium">Prefers</dt>
          <dd>{CONTACT_METHODS[m.preferredContactMethod] ?? m.preferredContactMethod}</dd>
        </dl>
        <p className="mt-4 whitespace-pre-line break-words">{m.message}</p>
      </div>
      <MarkHandled handled={m.status === "handled"} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the message" />;
}
