/**
 * The customer on a job card: name, a call button, the map, the note. Both job cards (a visit
 * booked before any order, and an order's visit) show it the same way; what follows the note
 * (the texts line, "On my way") comes in as children.
 */
import type { ReactNode } from "react";
import type { Language } from "../../../domain/i18n/language";
import { CustomerLanguage } from "../admin/customer-language";
import { mapHref, telHref } from "../orders/admin/order-at-a-glance";

export function VisitCustomerCard({
  name,
  phone,
  address,
  note,
  noteLabel,
  language,
  children,
}: {
  name: string;
  phone: string;
  address: string;
  note: string | null;
  /** "Note" for a booking's own note, "Notes" for an order's special instructions. */
  noteLabel: string;
  /** The customer's language ("Language: Spanish" when not English). */
  language: Language;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="card-customer" className="card space-y-3">
      <h2 id="card-customer" className="text-xl font-bold">
        {name}
      </h2>
      <CustomerLanguage language={language} />
      <div className="grid gap-3 sm:grid-cols-2">
        <a href={telHref(phone)} className="btn-primary">
          Call {phone}
        </a>
        <a href={mapHref(address)} className="btn-secondary" target="_blank" rel="noreferrer">
          Map: {address}
        </a>
      </div>
      {note ? (
        <p className="whitespace-pre-line break-words">
          <span className="font-semibold">{noteLabel}:</span> {note}
        </p>
      ) : null}
      {children}
    </section>
  );
}
