/**
 * The installer's "On my way": the arrival estimate in minutes, sent to the
 * customer by email (and by text when they asked for texts).
 */
import { Form } from "react-router";
import { ON_MY_WAY_MINUTES } from "../../../domain/scheduling/booking-schema";

export function OnMyWayForm({ id, label, busy }: { id: number; label: string; busy: boolean }) {
  const field = `minutes-visit-${id}`;
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="on-my-way" />
      <input type="hidden" name="targetId" value={id} />
      <div>
        <label htmlFor={field} className="text-sm">
          Arriving in<span className="sr-only"> ({label})</span>
        </label>
        <select id={field} name="minutes" defaultValue="30" className="field">
          {ON_MY_WAY_MINUTES.map((m) => (
            <option key={m} value={m}>
              {m} min
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        On my way<span className="sr-only">: {label}</span>
      </button>
    </Form>
  );
}
