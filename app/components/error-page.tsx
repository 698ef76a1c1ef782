/**
 * What a shopper sees when a page can't be shown: the 404 of an unknown address or of a
 * loader's "not found", and the apology of a 500. Neither says anything about
 * the error itself: the server logs it.
 */
import { Link } from "react-router";
import { phoneHref } from "../../domain/shared/business";
import { PhoneIcon } from "./icons";

function Actions({ phone, contact }: { phone: string | null; contact: boolean }) {
  return (
    <div className="mt-8 grid gap-3 sm:flex sm:flex-wrap sm:justify-center">
      <Link to="/" className="btn-primary">
        Return Home
      </Link>
      {phone ? (
        <a href={phoneHref(phone)} className="btn-secondary">
          <PhoneIcon /> Call {phone}
        </a>
      ) : null}
      {contact ? (
        <Link to="/contact" className="btn-secondary">
          Contact Us
        </Link>
      ) : null}
    </div>
  );
}

export function NotFoundPage({
  message,
  phone,
}: {
  /** A loader's own words ("Zebra shades are no longer available…"), else the general ones. */
  message?: string | null;
  phone: string | null;
}) {
  return (
    <div className="container-page py-16 text-center sm:py-20">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold">Page Not Found</h1>
      <p className="mx-auto mt-4 max-w-xl text-muted">
        {message ||
          "Sorry, we couldn't find that page. It may have moved, or the address may be mistyped."}
      </p>
      <Actions phone={phone} contact />
    </div>
  );
}

export function ServerErrorPage({ phone }: { phone: string | null }) {
  return (
    <div className="container-page py-16 text-center sm:py-20">
      <h1 className="text-3xl font-bold">Sorry, something went wrong on our side</h1>
      <p className="mx-auto mt-4 max-w-xl text-muted">
        This page could not be shown just now. It is not something you did. Please try again in a
        few minutes.
        {phone
          ? ` If you were placing an order or booking a visit, call us at ${phone} and we will check it for you.`
          : ""}
      </p>
      <Actions phone={phone} contact={false} />
    </div>
  );
}

/** A refusal meant for the visitor (a 4xx other than 404), in the words the loader gave. */
export function RefusedPage({ message, phone }: { message: string; phone: string | null }) {
  return (
    <div className="container-page py-16 text-center sm:py-20">
      <h1 className="text-3xl font-bold">This page could not be shown</h1>
      <p className="mx-auto mt-4 max-w-xl text-muted">{message}</p>
      <Actions phone={phone} contact />
    </div>
  );
}
