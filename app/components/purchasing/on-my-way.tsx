/**
 * "On my way" on the job card: the arrival estimate goes to POST
 * /api/admin/visits/:id/on-my-way { minutes } (DECISIONS.md "Reminders, 'on my way' and
 * texts"), which emails (and, when asked, texts) the customer.
 */
import { useState } from "react";

const MINUTES = [15, 30, 45, 60] as const;

export function OnMyWay({ visitId }: { visitId: number }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(minutes: number) {
    setBusy(true);
    try {
      const res = await fetch(`/api/admin/visits/${visitId}/on-my-way`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ minutes }),
        credentials: "same-origin",
      });
      if (res.ok) {
        setMessage({
          ok: true,
          text: `The customer was told you arrive in about ${minutes} minutes.`,
        });
      } else {
        const answer = (await res.json().catch(() => null)) as {
          error?: { message?: string };
        } | null;
        setMessage({
          ok: false,
          text: answer?.error?.message ?? "The customer could not be told.",
        });
      }
    } catch {
      setMessage({ ok: false, text: "No connection: the customer was not told. Try again." });
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset>
      <legend className="font-semibold">On my way: arriving in</legend>
      <div className="mt-2 grid grid-cols-4 gap-2">
        {MINUTES.map((m) => (
          <button
            key={m}
            type="button"
            className="btn-secondary px-2"
            disabled={busy}
            onClick={() => void send(m)}
            aria-label={`On my way, arriving in ${m} minutes`}
          >
            {m} min
          </button>
        ))}
      </div>
      {message ? (
        <p role={message.ok ? "status" : "alert"} className="mt-2 font-medium">
          {message.text}
        </p>
      ) : null}
    </fieldset>
  );
}
