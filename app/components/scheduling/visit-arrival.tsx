/**
 * "I've arrived" on the job card: on the day of a scheduled visit, one button that records when
 * the installer reached the customer (where his time on the job starts). Posted to the job
 * card's action online; with no network the card's queue sends it later with the time he
 * tapped.
 */
import { Form, useNavigation } from "react-router";
import { ActionMessage } from "../admin/action-message";
import type { ActionResult } from "../admin/admin-route";
import { formatDateTime } from "../admin/admin-route";
import { useOfflineVisit } from "../admin/offline-visit";

export function VisitArrival({
  visit,
  isVisitDay,
  result,
}: {
  visit: { status: string; arrivedAt: string | null };
  isVisitDay: boolean;
  result: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const waiting = useOfflineVisit()?.queued.some((a) => a.url.endsWith("/arrived")) ?? false;
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "arrived";
  if (visit.status !== "scheduled" || !isVisitDay) return null;
  if (visit.arrivedAt) {
    return <p className="mt-3 text-sm">Arrived {formatDateTime(visit.arrivedAt)}.</p>;
  }
  if (waiting) return <p className="mt-3 text-sm">Your arrival waits on this phone to be sent.</p>;
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="arrived" />
      <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={busy}>
        I've arrived
      </button>
      <ActionMessage result={result} className="mt-2 font-medium" />
    </Form>
  );
}
