/** /admin/reviews: pending reviews with approve and reject; only approved ones are public. */

import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { REVIEW_STATUSES, reviewsQuerySchema } from "../../../../domain/people/admin-schema";
import { ActionMessage } from "../../../components/admin/action-message";
import { AdminError } from "../../../components/admin/admin-error";
import {
  actorOf,
  formatDateTime,
  noStoreHeaders,
  requireAdmin,
} from "../../../components/admin/admin-route";
import { loadOrThrow, runAction } from "../../../lib/admin-route.server";
import { readForm, readQuery } from "../../../lib/form-input.server";
import { adminMeta } from "../../../lib/meta";
import type { Route } from "./+types/reviews";

export const meta = () => adminMeta("Reviews");

export const headers = noStoreHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "routes/admin/storefront/reviews.tsx");
  return loadOrThrow(context, async () => {
    const parsed = reviewsQuerySchema.safeParse({ status: readQuery(request).status });
    const status = parsed.success ? parsed.data.status : "pending";
    return { status, reviews: await context.services.admin.listReviews(status) };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = actorOf(
    await requireAdmin(request, context, "routes/admin/storefront/reviews.tsx"),
  );
  return runAction(context, async () => {
    const form = await readForm(request);
    const id = Number(form.get("reviewId"));
    const decision = form.get("intent") === "approve" ? "approved" : "rejected";
    const review = await context.services.admin.moderateReview(
      Number.isSafeInteger(id) && id > 0 ? id : 0,
      decision,
      actor,
    );
    return decision === "approved"
      ? `Review by ${review.customerName} approved. It is now public.`
      : `Review by ${review.customerName} rejected.`;
  });
}

const TAB_LABELS = { pending: "Pending", approved: "Approved", rejected: "Rejected" } as const;

export default function AdminReviews() {
  const { status, reviews } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">Reviews</h1>
      <nav aria-label="Review status" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {REVIEW_STATUSES.map((s) => (
            <li key={s}>
              <Link
                to={`/admin/reviews?status=${s}`}
                aria-current={s === status ? "page" : undefined}
                className={s === status ? "btn-primary" : "btn-secondary"}
              >
                {TAB_LABELS[s]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ActionMessage result={result} />
      {reviews.length === 0 ? (
        <p className="mt-8 text-muted">No {TAB_LABELS[status].toLowerCase()} reviews.</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {reviews.map((r) => (
            <li key={r.id} className="card">
              <h2 className="text-lg font-semibold break-words">
                {r.customerName}
                {r.customerLocation ? (
                  <span className="font-normal text-muted">, {r.customerLocation}</span>
                ) : null}
              </h2>
              <p className="text-sm text-muted">
                {r.rating} out of 5 stars
                {r.productType ? ` · ${r.productType}` : ""} · {formatDateTime(r.createdAt)}
              </p>
              <p className="mt-1 text-sm break-all text-muted">{r.customerEmail}</p>
              <blockquote className="mt-3 whitespace-pre-line break-words">
                {r.reviewText}
              </blockquote>
              <div className="mt-4 flex flex-wrap gap-2">
                {r.status !== "approved" ? (
                  <Form method="post">
                    <input type="hidden" name="reviewId" value={r.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="approve"
                      className="btn-primary"
                      disabled={busy}
                      aria-label={`Approve review by ${r.customerName}`}
                    >
                      Approve
                    </button>
                  </Form>
                ) : null}
                {r.status !== "rejected" ? (
                  <Form method="post">
                    <input type="hidden" name="reviewId" value={r.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="reject"
                      className="btn-secondary"
                      disabled={busy}
                      aria-label={`Reject review by ${r.customerName}`}
                    >
                      Reject
                    </button>
                  </Form>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminError title="Error loading reviews" />;
}
