/**
 * /admin/suppliers/:supplierId (owners, like the catalog): a supplier's price grid, the cost of a
 * piece by product type up to a width × height, from which a purchase order's lines are priced
 * "next size up" when none is entered. The supplier's CSV is previewed first (rows added,
 * changed and removed against the grid in place) and saved only on "Save this grid", which
 * replaces the whole grid.
 */

import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { PRICE_GRID_HEADER } from "../../../../domain/purchasing/price-grid";
import { formatMoney } from "../../../../domain/shared/money";
import { AdminError } from "../../../components/admin/admin-error";
import { NO_STORE, noStoreHeaders } from "../../../components/admin/admin-route";
import { PriceGridChanges, PriceGridTable } from "../../../components/purchasing/price-grid-tables";
import { actionError } from "../../../lib/action-errors.server";
import { adminRecord, loadOrThrow } from "../../../lib/admin-route.server";
import { AppError, readForm } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/supplier";

export function meta({ data: d }: Route.MetaArgs) {
  return adminMeta(d ? `${d.supplier.name}: price grid` : "Supplier");
}

export const headers = noStoreHeaders;

const PAGE = "routes/admin/purchasing/supplier.tsx";

export async function loader(args: Route.LoaderArgs) {
  const { id } = await adminRecord(args, PAGE, "supplierId");
  const { context } = args;
  return loadOrThrow(context, () => context.services.priceGrids.get(id));
}

/** The CSV of the form: the chosen file, else the pasted text. */
async function csvOf(form: FormData): Promise<string> {
  const file = form.get("file");
  if (file instanceof File && file.size > 0) return file.text();
  const text = form.get("csv");
  return typeof text === "string" ? text : "";
}

export async function action(args: Route.ActionArgs) {
  const { id, actor } = await adminRecord(args, PAGE, "supplierId");
  const { context } = args;
  try {
    const form = await readForm(args.request);
    const intent = form.get("intent");
    const csv = await csvOf(form);
    if (csv.trim() === "") {
      throw new AppError("bad_request", "Choose the supplier's CSV file or paste its text first.");
    }
    const preview = intent !== "save";
    const result = await context.services.priceGrids.importCsv(id, csv, { preview }, actor);
    return data({ ok: true as const, csv: preview ? csv : "", result }, { headers: NO_STORE });
  } catch (error) {
    return actionError(error, context, (a) => ({ ok: false as const, message: a.message }));
  }
}

export default function AdminSupplier() {
  const { supplier, rows } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const result = answer?.ok ? answer.result : null;
  return (
    <div className="container-page py-8">
      <p>
        <Link to="/admin/catalog#suppliers-title" className="text-primary underline">
          Catalog and suppliers
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{supplier.name}: price grid</h1>
      <p className="mt-1 break-all text-muted">
        {supplier.email}
        {supplier.phone ? ` · ${supplier.phone}` : ""} · ships in {supplier.leadDays} days
      </p>

      <section aria-labelledby="grid-import" className="card mt-6">
        <h2 id="grid-import" className="text-xl font-bold">
          Import the supplier's grid
        </h2>
        <p className="mt-1 text-sm text-muted">
          A CSV with the header <code>{PRICE_GRID_HEADER.join(",")}</code>: sizes in inches (to the
          1/8"), cost in dollars a piece. You see what changes before anything is saved; saving
          replaces the whole grid.
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-3 space-y-3">
          <div>
            <label htmlFor="grid-file" className="field-label">
              The CSV file
            </label>
            <input
              id="grid-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              className="field"
            />
          </div>
          <div>
            <label htmlFor="grid-csv" className="field-label">
              Or paste its text
            </label>
            <textarea
              id="grid-csv"
              name="csv"
              rows={6}
              className="field font-mono text-sm"
              defaultValue={answer?.ok ? answer.csv : ""}
              placeholder={`${PRICE_GRID_HEADER.join(",")}\nvinyl,36,48,21.50`}
            />
          </div>
          <button
            type="submit"
            name="intent"
            value="preview"
            className="btn-primary"
            disabled={busy}
          >
            Preview the changes
          </button>
        </Form>
        {answer && !answer.ok ? (
          <p role="alert" className="mt-3 font-medium text-danger">
            {answer.message}
          </p>
        ) : null}
      </section>

      {result ? (
        <section aria-labelledby="grid-preview" className="card mt-6">
          <h2 id="grid-preview" className="text-xl font-bold">
            {result.saved ? "Saved" : "Preview: nothing saved yet"}
          </h2>
          <p role="status" className="mt-1">
            {result.rows} rows: {result.added} added, {result.changed} changed, {result.removed}{" "}
            removed{result.saved ? "." : " against the grid in place."}
          </p>
          <PriceGridChanges changes={result.changes} />
          {!result.saved ? (
            <Form method="post" className="mt-4">
              <input type="hidden" name="csv" value={answer?.ok ? answer.csv : ""} />
              <button
                type="submit"
                name="intent"
                value="save"
                className="btn-primary"
                disabled={busy}
              >
                Save this grid ({result.rows} rows)
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="grid-now" className="card mt-6">
        <h2 id="grid-now" className="text-xl font-bold">
          The grid in place
        </h2>
        {rows.length ? (
          <>
            <p className="mt-1 text-sm text-muted">
              {rows.length} rows, from {formatMoney(Math.min(...rows.map((r) => r.costCents)))} to{" "}
              {formatMoney(Math.max(...rows.map((r) => r.costCents)))} a piece.
            </p>
            <PriceGridTable rows={rows} />
          </>
        ) : (
          <p className="mt-1">
            No grid yet: purchase order lines have no cost until one is imported or entered.
          </p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the supplier" />;
}
