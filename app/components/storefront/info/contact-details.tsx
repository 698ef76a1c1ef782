import { Link } from "react-router";
import {
  formatHours,
  type PublicBusinessFacts,
  phoneHref,
} from "../../../../domain/shared/business";
import { MailIcon, PhoneIcon } from "../../icons";

/** Phone, email, hours, service area and the consultation/warranty buttons of /contact. */
export function ContactDetails({ business }: { business: PublicBusinessFacts }) {
  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <div className="card flex gap-4">
          <span className="text-primary">
            <PhoneIcon />
          </span>
          <div className="min-w-0">
            <h2 className="font-semibold">Call Us</h2>
            <a
              href={phoneHref(business.phone)}
              className="inline-block py-2 text-lg font-semibold text-primary underline underline-offset-2"
            >
              {business.phone}
            </a>
            <p className="text-sm text-muted">During business hours</p>
          </div>
        </div>
        <div className="card flex gap-4">
          <span className="text-primary">
            <MailIcon />
          </span>
          <div className="min-w-0">
            <h2 className="font-semibold">Email Us</h2>
            <a
              href={`mailto:${business.email}`}
              className="inline-block py-2 text-lg font-semibold break-all text-primary underline underline-offset-2"
            >
              {business.email}
            </a>
            <p className="text-sm text-muted">We reply within {business.contactReplyHours} hours</p>
          </div>
        </div>
      </div>
      <div className="card">
        <h2 className="font-semibold">Business Hours</h2>
        <ul className="mt-2 space-y-1">
          {formatHours(business.hours).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div className="card">
        <h2 className="font-semibold">Service Area</h2>
        <p className="mt-1 text-sm text-muted">All of {business.county}, including:</p>
        <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          {business.serviceCities.map((city) => (
            <li key={city}>{city}</li>
          ))}
        </ul>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        <Link
          to="/contact?subject=Consultation%20request#message-form"
          className="btn-primary"
          preventScrollReset={false}
        >
          Request a Consultation
        </Link>
        <Link to="/warranty" className="btn-secondary">
          Warranty Information
        </Link>
      </div>
    </div>
  );
}
