/**
 * What a shopper sees when a page can't be shown: the 404 of an unknown address or of a
 * loader's "not found", and the apology of a 500. Neither says anything about
 * the error itself: the server logs it.
 */
import { Link } from "react-router";
import shared from "../../domain/i18n/compiled/en/shared.js";
import { phoneHref } from "../../domain/shared/business";
import { useLocalized, useT } from "../lib/i18n";
import { PhoneIcon } from "./icons";

function Actions({ phone, contact }: { phone: string | null; contact: boolean }) {
  const t = useT("shared", shared);
  const localized = useLocalized();
  return (
    <div className="mt-8 grid gap-3 sm:flex sm:flex-wrap sm:justify-center">
      <Link to={localized("/")} className="btn-primary">
        {t("error.returnHome")}
      </Link>
      {phone ? (
        <a href={phoneHref(phone)} className="btn-secondary">
          <PhoneIcon /> {t("error.call", { phone })}
        </a>
      ) : null}
      {contact ? (
        <Link to={localized("/contact")} className="btn-secondary">
          {t("error.contactUs")}
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
  const t = useT("shared", shared);
  return (
    <div className="container-page py-16 text-center sm:py-20">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold">{t("error.notFound.title")}</h1>
      <p className="mx-auto mt-4 max-w-xl text-muted">{message || t("error.notFound.message")}</p>
      <Actions phone={phone} contact />
    </div>
  );
}

export function ServerErrorPage({ phone }: { phone: string | null }) {
  const t = useT("shared", shared);
  return (
    <div className="container-page py-16 text-center sm:py-20">
      <h1 className="text-3xl font-bold">{t("error.server.title")}</h1>
      <p className="mx-auto mt-4 max-w-xl text-muted">
        {t("error.server.message")}
        {phone ? ` ${t("error.server.callUs", { phone })}` : ""}
      </p>
      <Actions phone={phone} contact={false} />
    </div>
  );
}

/** A refusal meant for the visitor (a 4xx other than 404), in the words the loader gave. */
export function RefusedPage({ message, phone }: { message: string; phone: string | null }) {
  const t = useT("shared", shared);
  return (
    <div className="container-page py-16 text-center sm:py-20">
      <h1 className="text-3xl font-bold">{t("error.refused.title")}</h1>
      <p className="mx-auto mt-4 max-w-xl text-muted">{message}</p>
      <Actions phone={phone} contact />
    </div>
  );
}
