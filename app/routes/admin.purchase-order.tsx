/**
 * /admin/purchase-orders/:poId: one supplier order (decision 222): its lines as the supplier
 * reads them, the PDF, sending it by email, the supplier's reference and ship date, receiving.
 */
import { Form, Link, useActionData, useLoaderData } from "react-router";
import { purchaseOrderUpdateSchema, receiveSchema } from "../../domain/purchasing";
import { AdminError } from "../components/admin/admin-error";
import { field, numberField } from "../components/admin/admin-form.server";
import {
  actorOf,
  formatDateTime,
  noStoreHeaders,
  recordIdParam,
  requireAdmin,
} from "../components/admin/admin-route";
import { PoStatus } from "../components/purchasing/po-status";
import { loadOrThrow, runAction } from "../lib/admin-route.server";
import { AppError, parseInput, readForm } from "../lib/form-input.server";
import type { Route } from "./+types/admin.purchase-order";

export const headers = noStoreHeaders;

export function meta({ data }: Route.MetaArgs) {
  return [
    { title: data ? `${data.po.poLabel} | Admin` : "Purchase order | Admin" },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context, "routes/admin.purchase-order.tsx");
  const id = recordIdParam(params.poId);
  return {
    po: await loadOrThrow(context, () => context.services.purchaseOrders.getPurchaseOrder(id)),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = actorOf(await requireAdmin(request, context, "routes/admin.purchase-order.tsx"));
  const id = recordIdParam(params.poId);
  return runAction(context, async () => {
    const form = await readForm(request);
    const intent = field(form, "intent");
    const service = context.services.purchaseOrders;
    if (intent === "send") {
      const po = await service.send(id, actor);
      return `${po.poLabel} emailed to ${po.supplierEmail}.`;
    }
    if (intent === "confirm") {
      const input = parseInput(purchaseOrderUpdateSchema, {
        supplierReference: field(form, "supplierReference"),
        expectedShipDate: field(form, "expectedShipDate") || undefined,
      });
      const po = await service.update(id, input, actor);
      return `${po.poLabel} confirmed: ships ${po.expectedShipDate}.`;
    }
    if (intent === "receive") {
      const items = form
        .getAll("itemId")
        .map((v) => ({
          itemId: Number(v),
          quantity: numberField(form, `quantity-${String(v)}`) ?? 0,
        }))
        .filter((x) => x.quantity > 0)
        .map(({ itemId, quantity }) => ({ itemId, quantity }));
      const po = await service.receive(id, parseInput(receiveSchema, { items }), actor);
      return `${po.poLabel}: ${po.statusLabel}.`;
    }
    throw new AppError("bad_request", "Unknown action.");
  });
}

export default function AdminPurchaseOrder() {
  const { po } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const open = po.items.filter((l) => l.receivedQuantity < l.quantity);
  return (
    <div className="container-page py-8">
      <p>
        <Link to="/admin/purchase-orders" className="text-primary underline">
          All purchase orders
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-3xl font-bold">
          {po.poLabel} · {po.supplierName}
        </h1>
        <PoStatus status={po.statusLabel} overdue={po.overdue} />
      </div>
      <p className="mt-1 text-muted">
        For{" "}
        <Link to={`/admin/orders/${po.orderId}`} className="underline">
          Order #{po.orderNumber}
        </Link>{" "}
        · created {formatDateTime(po.createdAt)} · ship by {po.expectedShipDate}
        {po.sentAt ? ` · sent ${formatDateTime(po.sentAt)}` : " · not sent yet"}
        {po.supplierReference ? ` · their reference ${po.supplierReference}` : ""}
      </p>
      {result ? (
        <p role={result.ok ? "status" : "alert"} className="mt-4 font-medium">
          {result.ok ? result.message : result.error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={`/api/admin/purchase-orders/${po.id}/pdf`} className="btn-secondary">
          Open the PDF
        </a>
        <Form method="post">
          <input type="hidden" name="intent" value="send" />
          <button type="submit" className="btn-primary">
            {po.sentAt ? "Email it again" : `Email it to ${po.supplierName}`}
          </button>
        </Form>
      </div>

      <section aria-labelledby="po-lines" className="mt-8">
        <h2 id="po-lines" className="text-2xl font-bold">
          Lines
        </h2>
        <ol className="mt-3 space-y-3">
          {po.items.map((l) => (
            <li key={l.id} className="card">
              <h3 className="font-semibold">
                {l.productName}
                {l.remake ? " (remake)" : ""}
                {l.roomLabel ? (
                  <span className="font-normal text-muted"> · {l.roomLabel}</span>
                ) : null}
              </h3>
              <p className="text-sm">
                {l.size}
                {l.colorName ? ` · ${l.colorName}` : ""}
                {l.details.map((d) => ` · ${d.label}: ${d.value}`).join("")}
              </p>
              <p className="text-sm text-muted">
                Received {l.receivedQuantity} of {l.quantity}
              </p>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="po-confirm" className="card">
          <h2 id="po-confirm" className="text-xl font-bold">
            The supplier's answer
          </h2>
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="confirm" />
            <div>
              <label htmlFor="supplierReference" className="field-label">
                Supplier's reference
              </label>
              <input
                id="supplierReference"
                name="supplierReference"
                maxLength={80}
                defaultValue={po.supplierReference ?? ""}
                className="field"
              />
            </div>
            <div>
              <label htmlFor="expectedShipDate" className="field-label">
                Ship date
              </label>
              <input
                id="expectedShipDate"
                name="expectedShipDate"
                type="date"
                defaultValue={po.expectedShipDate}
                className="field"
              />
            </div>
            <button type="submit" className="btn-primary">
              Save the supplier's answer
            </button>
          </Form>
        </section>
        <section aria-labelledby="po-receive" className="card">
          <h2 id="po-receive" className="text-xl font-bold">
            Receive
          </h2>
          {open.length === 0 ? (
            <p className="mt-3">Everything on this purchase order has arrived.</p>
          ) : (
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="receive" />
              {open.map((l) => (
                <div key={l.id}>
                  <input type="hidden" name="itemId" value={l.itemId} />
                  <label htmlFor={`quantity-${l.id}`} className="field-label">
                    {l.productName}
                    {l.roomLabel ? ` (${l.roomLabel})` : ""}: arrived now (of{" "}
                    {l.quantity - l.receivedQuantity} due)
                  </label>
                  <input
                    id={`quantity-${l.id}`}
                    name={`quantity-${l.itemId}`}
                    type="number"
                    min={0}
                    max={l.quantity - l.receivedQuantity}
                    defaultValue={l.quantity - l.receivedQuantity}
                    className="field"
                  />
                </div>
              ))}
              <button type="submit" className="btn-primary">
                Record what arrived
              </button>
            </Form>
          )}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading the purchase order" />;
}
