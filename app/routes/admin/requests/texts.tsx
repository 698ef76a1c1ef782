/** /admin/texts: one thread per phone number, unread first by the latest message (decision 552). */
import { Link, useLoaderData } from "react-router";
import { AdminError } from "../../../components/admin/admin-error";
import {
  formatDateTime,
  noStoreHeaders,
  requireAdmin,
} from "../../../components/admin/admin-route";
import { loadOrThrow } from "../../../lib/admin-route.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/texts";

export const meta = () => adminMeta("Texts");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireAdmin(request, context, "routes/admin/requests/texts.tsx");
  return loadOrThrow(context, async () => ({
    threads: await context.services.textInbox.list({
      staffId: session.staffId,
      role: session.role,
    }),
  }));
}

export default function AdminTexts() {
  const { threads } = useLoaderData<typeof loader>();
  const unread = threads.filter((t) => t.unread > 0).length;
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">Texts</h1>
      <p className="mt-1 text-muted">
        {unread === 0
          ? "Nothing unread."
          : `${unread} ${unread === 1 ? "thread" : "threads"} unread.`}{" "}
        Customers text the store's number; replies go only to numbers that agreed to texts.
      </p>
      {threads.length === 0 ? (
        <p className="mt-8 text-muted">No texts yet.</p>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="Text threads">
          {threads.map((t) => (
            <li key={t.id} className={`card ${t.unread > 0 ? "border-primary" : ""}`}>
              <h2 className="font-semibold break-words">
                <Link
                  to={`/admin/texts/${t.id}`}
                  className="inline-flex min-h-11 items-center text-primary underline"
                >
                  {t.customerName ?? t.phone}
                </Link>
              </h2>
              <p className="text-sm text-muted">
                {t.customerName ? `${t.phone} · ` : ""}
                {formatDateTime(t.lastMessageAt)}
                {t.unread > 0 ? (
                  <strong className="ml-1 text-text"> · {t.unread} unread</strong>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading texts" />;
}
