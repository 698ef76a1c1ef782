import type { PublicBusinessFacts } from "../../../../domain/shared/business";
import type { PrivacyRecord } from "../../../../domain/storefront/faq-content";

export function PrivacyPolicy({
  business,
  records,
}: {
  business: PublicBusinessFacts;
  records: readonly PrivacyRecord[];
}) {
  return (
    <div className="max-w-3xl space-y-4">
      <p>
        {business.name} serves {business.county}. We collect only what we need to measure, make,
        deliver and install your window coverings, and to answer you. We never sell or rent personal
        data, and the store uses no advertising or analytics cookies.
      </p>
      <h3 className="pt-2 text-lg font-semibold">What we keep, why, and for how long</h3>
      <ul className="space-y-3">
        {records.map((r) => (
          <li key={r.what} className="card">
            <p className="font-semibold">{r.what}</p>
            <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="font-medium">Why</dt>
              <dd className="text-muted">{r.why}</dd>
              <dt className="font-medium">How long</dt>
              <dd className="text-muted">{r.kept}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <h3 className="pt-2 text-lg font-semibold">Who sees it</h3>
      <p>
        Only our own staff, and the email service that delivers our messages to you. Installers see
        the name, phone and address of the jobs they are sent to.
      </p>
      <h3 className="pt-2 text-lg font-semibold">Your choices</h3>
      <p>
        You can ask what we hold about you, ask us to correct it, or ask us to delete it (we keep
        only what the law or an open order or warranty requires). Email{" "}
        <a href={`mailto:${business.email}`} className="text-primary underline">
          {business.email}
        </a>{" "}
        or call {business.phone}; we answer within {business.contactReplyHours} hours.
      </p>
    </div>
  );
}
