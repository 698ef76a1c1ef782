/**
 * /admin/audit (owners): every back-office change, login and failed login, newest first, with
 * filters by person, kind and date (the store's local days) and paging.
 */
import { Form, Link, useLoaderData } from "react-router";
import {
  AUDIT_KIND_LABELS,
  AUDIT_KINDS,
  auditQuerySchema,
} from "../../../../domain/people/staff-schema";
import { oneOf } from "../../../../domain/shared/one-of";
import { AdminError } from "../../../components/admin/admin-error";
import {
  formatDateTime,
  noStoreHeaders,
  requireAdmin,
} from "../../../components/admin/admin-route";
import { loadOrThrow } from "../../../lib/admin-route.server";
import { readQuery } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/audit";

export const meta = () => adminMeta("Audit log");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "routes/admin/people/audit.tsx");
  const parsed = auditQuerySchema.safeParse(readQuery(request));
  const query = parsed.success ? parsed.data : auditQuerySchema.parse({});
  const { audit, staff: people } = context.services;
  const [page, staff] = await Promise.all([
    loadOrThrow(context, () => audit.list(query)),
    people.listStaff(),
  ]);
  return {
    page,
    staff: staff.map((s) => ({ id: s.id, name: s.name })),
    query,
    invalid: parsed.success ? null : (parsed.error.issues[0]?.message ?? "Invalid filter."),
  };
}

function changeText(value: unknown): string {
  if (typeof value !== "object" || value === null) return value == null ? "" : String(value);
  return Object.entries(value)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(", ");
}

export default function AdminAudit() {
  const { page, staff, query, invalid } = useLoaderData<typeof loader>();
  const link = (n: number) => {
    const p = new URLSearchParams();
    if (query.staffId) p.set("staffId", String(query.staffId));
    if (query.kind) p.set("kind", query.kind);
    if (query.from) p.set("from", query.from);
    if (query.to) p.set("to", query.to);
    p.set("page", String(n));
    return `/admin/audit?${p}`;
  };
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">Audit log</h1>
      <Form method="get" className="card mt-4 grid gap-4 sm:grid-cols-5 sm:items-end">
        <div>
          <label htmlFor="audit-person" className="field-label">
            Person
          </label>
          <select
            id="audit-person"
            name="staffId"
            defaultValue={query.staffId ?? ""}
            className="field"
          >
            <option value="">Everyone</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-kind" className="field-label">
            Kind
          </label>
          <select id="audit-kind" name="kind" defaultValue={query.kind ?? ""} className="field">
            <option value="">All kinds</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {AUDIT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-from" className="field-label">
            From
          </label>
          <input
            id="audit-from"
            name="from"
            type="date"
            defaultValue={query.from ?? ""}
            className="field"
          />
        </div>
        <div>
          <label htmlFor="audit-to" className="field-label">
            To
          </label>
          <input
            id="audit-to"
            name="to"
            type="date"
            defaultValue={query.to ?? ""}
            className="field"
          />
        </div>
        <button type="submit" className="btn-primary">
          Filter
        </button>
      </Form>
      {invalid ? (
        <p role="alert" className="mt-4 font-medium text-danger">
          {invalid}
        </p>
      ) : null}
      <p className="mt-4 text-muted">
        {page.total} {page.total === 1 ? "entry" : "entries"} · page {page.page} of {page.pageCount}
      </p>
      {page.entries.length === 0 ? (
        <p className="mt-6">Nothing matches these filters.</p>
      ) : (
        <ul className="mt-4 space-y-2">
          {page.entries.map((e) => (
            <li key={e.id} className="card">
              <p className="text-sm text-muted">
                {formatDateTime(e.at)} · {e.actor} ·{" "}
                {oneOf(AUDIT_KINDS, e.kind) ? AUDIT_KIND_LABELS[e.kind] : e.kind}
              </p>
              <p className="mt-1 font-medium break-words">{e.summary}</p>
              {e.before || e.after ? (
                <p className="mt-1 text-sm break-words">
                  {e.before ? <span>Before: {changeText(e.before)}. </span> : null}
                  {e.after ? <span>After: {changeText(e.after)}.</span> : null}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <nav aria-label="Audit pages" className="mt-6 flex gap-3">
        {page.page > 1 ? (
          <Link to={link(page.page - 1)} className="btn-secondary">
            Newer
          </Link>
        ) : null}
        {page.page < page.pageCount ? (
          <Link to={link(page.page + 1)} className="btn-secondary">
            Older
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the audit log" />;
}
